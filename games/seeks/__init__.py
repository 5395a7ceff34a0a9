"""Quick pairing: a seek waits in the lobby until a matching one pairs the two players (ARCHITECTURE §5)."""
