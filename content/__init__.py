"""The bundled game packs: each folder holds one game's .rules files and its NOTES.md."""
