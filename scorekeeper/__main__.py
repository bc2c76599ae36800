from scorekeeper.cli.app import main

main()
