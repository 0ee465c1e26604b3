"""Each game's folder is a package (its test files share names like `test_setup.py` with the other
games'), and each is on the import path so its helpers import by name (`from mv_helpers import new`)."""

import sys
from pathlib import Path

for folder in sorted(p for p in Path(__file__).resolve().parent.iterdir() if (p / "__init__.py").is_file()):
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
