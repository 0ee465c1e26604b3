"""sabbat: play, study and train agents on five tabletop card games."""

__version__ = "0.1.0"
