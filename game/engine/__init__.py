"""The pure rules engine: no pygame, no sockets, no audio. Deterministic given a seed and actions."""
