"""Lingnan Mahjong (岭南麻将): regional mahjong rules of Guangxi, Guangdong and Hainan."""

__version__ = "0.1.0"
