"""The REST API (DRF): a thin layer over games.services and games.presentation."""
