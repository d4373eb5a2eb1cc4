"""NLI pairs whose premise is what stage judge_joint reads: a claim's most similar sentences of one document, joined.

    python -m training.entailment --joint-premises --backbone STAGE2 --cap 150 ...   (README, "Models")

Every engine decides a claim's verdict first by its judged sentences read together (grounding/stages/judge_joint.py):
up to `joint_max` (4) sentences of the most similar sentence's document with cosine at least `joint_floor` (0.45),
joined in document order. An entailment model trained only on one evidence sentence per premise reads such a
premise badly (P(e) 0.3-0.5 where each sentence alone contradicts the claim). This builds that premise for every
claim of the evidence **train** instances (never the report sets), twice: with the 4 and with the 2 most similar
sentences, and labels it by the gold labels of the sentences it holds: a refuting one and no supporting one ->
contradiction, a supporting one and no refuting one -> entailment, none -> neutral, both -> left out.

The choice matches `judge_joint.chosen` from cosines alone (it does not call it: a training premise must exist
even when no sentence passes tau, so the most similar sentence is always in it).
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from evaluation import datasets
from evaluation.datasets import EvidenceInstance, NLIPair

SOURCE = "evidence_joint"
SIZES = (4, 2)          # premises of the 4 and of the 2 most similar sentences
FLOOR = 0.45            # GroundingConfig.joint_floor


def premise_columns(cosines: np.ndarray, document_of: list[int], size: int, floor: float = FLOOR) -> list[int]:
    """The columns read together for one claim: the most similar sentence, and the `size` most similar of its
    document's sentences with cosine >= floor, in document order."""
    best = int(np.argmax(cosines))
    pool = [j for j in range(len(cosines)) if document_of[j] == document_of[best] and (cosines[j] >= floor or j == best)]
    return sorted(sorted(pool, key=lambda j: (-float(cosines[j]), j))[:size])


def label_of(gold: list[int]) -> str | None:
    """The premise's 3-way label from its sentences' gold labels; None when it holds both polarities."""
    pos, neg = 1 in gold, -1 in gold
    if pos and neg:
        return None
    return "entailment" if pos else "contradiction" if neg else "neutral"


def joint_pairs(instances: list[EvidenceInstance], embed, sizes=SIZES, floor: float = FLOOR) -> list[NLIPair]:
    """The joint premises of every claim of `instances` (one pair per distinct premise), `embed(texts)` giving
    unit-length rows (grounding.runtime.Embedder.encode)."""
    out: list[NLIPair] = []
    for inst in instances:
        sentences = inst.context_sentences
        if not sentences:
            continue
        document_of = [d for d, doc in enumerate(inst.documents) for _ in doc.sentences]
        vectors = embed(sentences + inst.claims)
        ctx, claims = vectors[: len(sentences)], vectors[len(sentences):]
        for k, (claim, row) in enumerate(zip(inst.claims, inst.gold)):
            cos = ctx @ claims[k]
            seen = set()
            for size in sizes:
                cols = tuple(premise_columns(cos, document_of, size, floor))
                label = label_of([row[j] for j in cols])
                if cols in seen or label is None:
                    continue
                seen.add(cols)
                out.append(NLIPair(" ".join(sentences[j] for j in cols), claim, label, SOURCE))
    return out


def evidence_joint_source(models_dir: str = "exported_models", threads: int = 2, part: str = "all") -> list[NLIPair]:
    """The joint premises of every evidence train instance, embedded by the shipped embedder. `part` "fit" leaves
    out the train sets' dev carve (datasets.in_train_dev), where the verdict settings are then chosen."""
    from grounding.runtime import Embedder

    embedder = Embedder(f"{models_dir}/embedder", threads=threads)
    pairs = []
    for insts in datasets.evidence_train_instances(part).values():
        pairs += joint_pairs(insts, embedder.encode)
    return pairs


if __name__ == "__main__":
    import time
    start = time.time()
    made = evidence_joint_source()
    print(f"{len(made)} pairs {dict(Counter(p.label for p in made))} in {time.time() - start:.0f} s")
