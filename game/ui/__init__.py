"""The pygame-ce table: scenes, nodes, art and fonts."""
