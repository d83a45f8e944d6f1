//! ataxx: contest program support and duel subcommands.
