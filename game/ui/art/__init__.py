"""Art drawn at run time with pygame-ce: tiles (`tiles.TileArt`) and the table, icons and buttons (`table.TableArt`)."""
