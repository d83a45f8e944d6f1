//! filler: contest program support and duel subcommands.
