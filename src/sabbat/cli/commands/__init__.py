"""The `sabbat` subcommands, one module each; `sabbat.cli.main` gathers them into one group."""
