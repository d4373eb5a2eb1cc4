"""The app's download files: a result as JSON, its pair table as CSV and a self-contained HTML report, written once
per result content into a folder of their own; only the most recent folders stay, all are removed at exit."""
from __future__ import annotations

import atexit
import hashlib
import shutil
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from grounding import report
from grounding.io import pairs_csv
from grounding.types import GroundingResult


class Downloads:
    """Files for the download buttons, written once per result content into a folder of their own; only the
    `keep` most recent folders stay, and all are removed when the process ends."""

    def __init__(self, keep: int = 16, prefix: str = "grounding-"):
        self.root = Path(tempfile.mkdtemp(prefix=prefix))
        self.keep = keep
        self.folders: OrderedDict[str, Path] = OrderedDict()
        self.lock = threading.Lock()   # the app serves several requests at once
        atexit.register(shutil.rmtree, self.root, True)

    def write(self, files: dict[str, str]) -> list[str]:
        """{file name: text} -> their paths; the same contents give the same files, written once."""
        key = hashlib.sha256("\0".join(f"{k}\0{v}" for k, v in files.items()).encode()).hexdigest()[:20]
        with self.lock:
            return self._write(key, files)

    def _write(self, key: str, files: dict[str, str]) -> list[str]:
        if key not in self.folders:
            folder = self.root / key
            folder.mkdir()
            for name, text in files.items():
                (folder / name).write_text(text, encoding="utf-8")
            self.folders[key] = folder
            while len(self.folders) > self.keep:
                shutil.rmtree(self.folders.popitem(last=False)[1], ignore_errors=True)
        self.folders.move_to_end(key)
        return [str(self.folders[key] / name) for name in files]

    def result_files(self, result: GroundingResult) -> list[str]:
        """The result as JSON, its pair table as CSV and the self-contained HTML report."""
        return self.write({"grounding_result.json": result.to_json(indent=1),
                           "grounding_pairs.csv": pairs_csv([("result", result)]),
                           "grounding_report.html": report.report_html(result)})
