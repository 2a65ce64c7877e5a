"""The table core: tables and seats, the event log, the versioned write, the Game seam and
its registry. It knows no game by name (docs/architecture.md)."""
