"""Parity (ONNX vs the PyTorch fp32 model on a fixed probe set) and speed (PyTorch fp32 vs ONNX fp32 vs
ONNX int8 on the same inputs, one run)."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np

PROBE_SENTENCES = [
    "The patient was given 5 mg of the drug twice a day.",
    "Drug X lowers blood pressure but raises liver enzymes.",
    "Liver enzymes were unchanged after twelve weeks of treatment.",
    "The Eiffel Tower is located in Paris, France.",
    "Global temperatures have risen by about 1.1 degrees Celsius since 1900.",
    "A man is playing a guitar on stage.",
    "Nobody is playing any instrument.",
    "The company's revenue grew 30% in 2023, reaching $4.2 billion.",
    "Vaccination reduced hospital admissions by 70 percent.",
    "It rained all day, so the match was cancelled.",
    "Photosynthesis converts light energy into chemical energy.",
    "The committee will meet again next Tuesday at 10 a.m.",
    "Children under five are at the highest risk of severe malaria.",
    "Smoking is a major cause of lung cancer.",
    "The study found no significant difference between the two groups (p = 0.42).",
    "Dogs are loyal animals.",
    "Water boils at 100 degrees Celsius at sea level.",
    "The new bridge was opened to traffic in March.",
    "Researchers sequenced the genome of the virus within weeks.",
    "An old woman is sitting on a bench and reading a newspaper in the park near the lake.",
]

PROBE_PAIRS = [
    ("A man is playing a guitar on stage.", "A man is performing music."),
    ("A man is playing a guitar on stage.", "Nobody is playing any instrument."),
    ("A man is playing a guitar on stage.", "The man is a famous singer."),
    ("Liver enzymes were unchanged after twelve weeks of treatment.", "Drug X raises liver enzymes."),
    ("Drug X significantly lowered systolic blood pressure.", "Drug X lowers blood pressure."),
    ("The Eiffel Tower is located in Paris, France.", "The Eiffel Tower is in Germany."),
    ("Vaccination reduced hospital admissions by 70 percent.", "Vaccination reduced admissions by 30 percent."),
    ("Smoking is a major cause of lung cancer.", "Dogs are loyal animals."),
    ("Two children are swimming in a pool.", "Kids are in the water."),
    ("A woman is cutting vegetables in a kitchen.", "A woman is sleeping."),
    ("The study included 1,200 adults from three hospitals.", "The study included 1200 adults."),
    ("Global temperatures have risen since 1900.", "Temperatures are rising."),
    ("A boy is riding a bicycle down the street.", "A child is on a bike."),
    ("A boy is riding a bicycle down the street.", "A boy is sitting in a classroom."),
    ("A boy is riding a bicycle down the street.", "The boy is late for school."),
    ("Three dogs are playing in the snow.", "Animals are outside."),
    ("Three dogs are playing in the snow.", "The dogs are sleeping indoors."),
    ("Three dogs are playing in the snow.", "The dogs belong to one family."),
    ("The museum opens at 9 a.m. and closes at 5 p.m.", "The museum opens in the morning."),
    ("The museum opens at 9 a.m. and closes at 5 p.m.", "The museum is open all night."),
    ("The museum opens at 9 a.m. and closes at 5 p.m.", "The museum is free on Sundays."),
    ("Aspirin reduced the risk of stroke in the trial.", "Aspirin lowered stroke risk."),
    ("Aspirin reduced the risk of stroke in the trial.", "Aspirin increased the risk of stroke."),
    ("Aspirin reduced the risk of stroke in the trial.", "The trial was funded by a drug company."),
    ("The company hired 200 new employees last year.", "The company grew its workforce."),
    ("The company hired 200 new employees last year.", "The company laid off all of its staff last year."),
    ("The company hired 200 new employees last year.", "The new employees work in sales."),
    ("A chef is cooking pasta in a large pot.", "Someone is preparing food."),
    ("A chef is cooking pasta in a large pot.", "The kitchen is empty."),
    ("A chef is cooking pasta in a large pot.", "The chef trained in Italy."),
    ("Mount Everest is the highest mountain on Earth.", "No mountain on Earth is higher than Everest."),
    ("Mount Everest is the highest mountain on Earth.", "Mount Everest is a small hill."),
    ("The patients received the vaccine in two doses.", "The vaccine was given twice."),
    ("The patients received the vaccine in two doses.", "The patients received no vaccine."),
    ("The river flooded the village after heavy rain.", "The village was flooded."),
    ("The river flooded the village after heavy rain.", "The village stayed dry."),
    ("A girl in a red dress is dancing on a stage.", "A girl is performing."),
    ("A girl in a red dress is dancing on a stage.", "A girl is swimming in a lake."),
    ("A girl in a red dress is dancing on a stage.", "The girl is dancing at her sister's wedding."),
    ("Exports fell sharply in the second quarter.", "Exports declined."),
]


def probe_items(role: str) -> list:
    if role == "scorer":
        from export.scorer import PROBE_INSTANCES
        return PROBE_INSTANCES
    return PROBE_SENTENCES if role == "embedder" else PROBE_PAIRS


def torch_reference(model_dir: Path, role: str):
    """A callable texts(or pairs, or scorer instances) -> numpy outputs from the PyTorch fp32 model (same
    maths as the runtime). Scorer: the n x m x 3 probabilities of all instances, stacked to (cells, 3)."""
    if role == "scorer":
        from export.scorer import torch_reference as scorer_reference
        return scorer_reference(model_dir)
    import torch
    from transformers import AutoModel, AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(model_dir))
    if role == "embedder":
        model = AutoModel.from_pretrained(str(model_dir)).eval()

        def embed(texts, max_length=512):
            enc = tok(list(texts), padding=True, truncation=True, max_length=max_length, return_tensors="pt")
            with torch.inference_mode():
                hidden = model(**enc).last_hidden_state
            mask = enc["attention_mask"].unsqueeze(-1).float()
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, dim=-1).numpy()
        return embed
    model = AutoModelForSequenceClassification.from_pretrained(str(model_dir)).eval()

    def classify(pairs, max_length=512):
        enc = tok([p for p, _ in pairs], [h for _, h in pairs], padding=True, truncation=True,
                  max_length=max_length, return_tensors="pt")
        with torch.inference_mode():
            return torch.softmax(model(**enc).logits, dim=-1).numpy()
    return classify


def onnx_runner(folder: Path, role: str, threads: int | None = None):
    """The project's own runtime over an exported folder, returning outputs in the model's column order."""
    from grounding.runtime import Embedder, OnnxModel, softmax

    if role == "scorer":
        from export.scorer import onnx_runner as scorer_runner
        return scorer_runner(folder, threads)
    if role == "embedder":
        emb = Embedder(folder, threads=threads)
        return emb.encode
    model = OnnxModel(folder, threads=threads)

    def classify(pairs):
        out = []
        for start in range(0, len(pairs), 32):
            chunk = pairs[start : start + 32]
            batch = model.tokenize([p for p, _ in chunk], [h for _, h in chunk])
            out.append(softmax(model.run(batch).astype(np.float32)))
        return np.concatenate(out)
    return classify


def parity(reference, candidate, role: str) -> dict:
    """Max abs difference of outputs, plus cosine agreement (embedder) or label agreement (classifier; the
    scorer: over every (response sentence, context sentence) cell of the probe instances)."""
    probe = probe_items(role)
    ref = np.asarray(reference(probe), dtype=np.float64)
    got = np.asarray(candidate(probe), dtype=np.float64)
    out = {"probe_items": len(probe), "max_abs_diff": float(np.abs(ref - got).max())}
    if role == "embedder":
        cos = (ref * got).sum(1) / (np.linalg.norm(ref, axis=1) * np.linalg.norm(got, axis=1))
        out.update(cosine_mean=float(cos.mean()), cosine_min=float(cos.min()))
    else:
        out.update(label_agreement=float((ref.argmax(1) == got.argmax(1)).mean()))
        if role == "scorer":
            out["cells"] = int(len(ref))
    return out


def passes(result: dict, role: str, min_cosine: float, min_agreement: float) -> tuple[bool, str]:
    if role == "embedder":
        ok = result["cosine_mean"] >= min_cosine
        return ok, f"mean cosine {result['cosine_mean']:.4f} (min {result['cosine_min']:.4f}) vs required {min_cosine}"
    ok = result["label_agreement"] >= min_agreement
    return ok, f"label agreement {result['label_agreement']:.3f} vs required {min_agreement}"


def speed(runners: dict, role: str, items: int = 256, threads: int = 2) -> dict:
    """Items/s for each runner on the same inputs (probe set repeated), and ratios to the first one."""
    import torch
    torch.set_num_threads(threads)
    from grounding.cache import uncached
    probe = probe_items(role)
    inputs = (probe * (items // len(probe) + 1))[:items]
    rates = {}
    with uncached():   # the probe set repeats: every call must run, none be found cached
        for name, run in runners.items():
            run(inputs[:32])  # warm-up
            start = time.perf_counter()
            for i in range(0, len(inputs), 32):
                run(inputs[i : i + 32])
            rates[name] = len(inputs) / (time.perf_counter() - start)
    base = next(iter(rates.values()))
    unit = {"embedder": "sentences/s", "scorer": "instances/s"}.get(role, "pairs/s")
    return {"items": len(inputs), "batch_size": 32, "threads": threads, "unit": unit,
            "rate": {k: round(v, 1) for k, v in rates.items()},
            "ratio_vs_" + next(iter(rates)): {k: round(v / base, 2) for k, v in rates.items()}}
