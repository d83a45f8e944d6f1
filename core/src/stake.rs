//! Placeholder: this game's module is being written.
