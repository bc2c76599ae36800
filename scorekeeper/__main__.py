from scorekeeper.cli.entry import main

main()
