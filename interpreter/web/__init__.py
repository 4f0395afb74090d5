"""Play in the browser: a small local web app over the same game API the terminal uses."""
