//! fruit_rage: contest program support and duel subcommands.
