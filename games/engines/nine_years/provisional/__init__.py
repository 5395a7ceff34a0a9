"""OUR provisional rules for the missing sections 8-20, one module per section (see PROVISIONAL.md)."""
