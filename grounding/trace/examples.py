"""Two built-in generation DAGs (the app's examples, the CLI demo and the tests use them)."""
from __future__ import annotations

# Three levels: report chunks -> chunk summaries -> final summary. The first chunk summary changes a number
# (HbA1c fell by 1.2 points in the source, 2.1 in the summary) and the final summary copies it.
HIERARCHICAL = {
    "id": "trial-summary",
    "nodes": [
        {"id": "c1", "stage": "report chunk", "title": "Report, part 1", "text":
            "The trial enrolled 412 adults with type 2 diabetes at nine clinics. Participants were randomised to "
            "glucarin or to placebo for 24 weeks."},
        {"id": "c2", "stage": "report chunk", "title": "Report, part 2", "text":
            "After 24 weeks, HbA1c fell by 1.2 percentage points with glucarin and by 0.3 points with placebo. "
            "Nausea was the most common side effect, reported by 14% of patients on glucarin."},
        {"id": "c3", "stage": "report chunk", "title": "Report, part 3", "text":
            "Two patients on glucarin stopped treatment because of pancreatitis. The authors conclude that glucarin "
            "is effective but that the pancreas should be monitored."},
        {"id": "s1", "stage": "chunk summary", "inputs": ["c1", "c2"], "text":
            "A 24-week trial randomised 412 adults with type 2 diabetes to glucarin or placebo. HbA1c fell by 2.1 "
            "percentage points with glucarin and by 0.3 points with placebo."},
        {"id": "s2", "stage": "chunk summary", "inputs": ["c2", "c3"], "text":
            "Nausea was reported by 14% of patients on glucarin. Two patients stopped glucarin because of pancreatitis."},
        {"id": "final", "stage": "final summary", "inputs": ["s1", "s2"], "text":
            "HbA1c fell by 2.1 percentage points with glucarin. Nausea was reported by 14% of patients on glucarin."},
    ],
    "final": "final",
}

# Map-reduce answer over two news articles: per-article notes, then the answer. The answer swaps who did what
# (the notes are right), so the error comes in at the final step.
MAP_REDUCE = {
    "id": "harbour-answer",
    "nodes": [
        {"id": "a1", "title": "Port authority statement", "text":
            "The port authority approved a new container terminal on Monday. Construction will start in March "
            "and cost 300 million euros."},
        {"id": "a2", "title": "City council minutes", "text":
            "At its meeting on Tuesday, the city council voted 21 to 8 to keep the old ferry pier open. The pier "
            "was built in 1912."},
        {"id": "n1", "stage": "notes", "inputs": ["a1"], "text":
            "The port authority approved a container terminal. Construction starts in March and costs 300 "
            "million euros."},
        {"id": "n2", "stage": "notes", "inputs": ["a2"], "text":
            "The city council voted 21 to 8 to keep the old ferry pier open."},
        {"id": "answer", "stage": "answer", "inputs": ["n1", "n2"], "text":
            "The city council approved a new container terminal. Construction starts in March and costs 300 "
            "million euros. The council voted to keep the old ferry pier open."},
    ],
}

EXAMPLES = {"Hierarchical summary (number changed at a chunk summary)": HIERARCHICAL,
            "Map-reduce answer (entity swapped in the answer)": MAP_REDUCE}
