"""The generation DAG of a multi-step pipeline (VeriTrail's G = (V, E)): parsing and validation, no models.

A DAG arrives as JSON::

    {"id": "run-7", "final": "final",
     "nodes": [{"id": "c1", "text": "...", "title": "optional"},
               {"id": "s1", "text": "...", "inputs": ["c1", "c2"], "stage": "chunk summary"},
               {"id": "final", "text": "...", "inputs": ["s1", "s2"]}]}

Nodes without ``inputs`` are the sources (roots). ``stage`` defaults to the node's depth from the sources
(a source is 0, any other node is one more than its deepest input). ``final`` defaults to the one node that
no other node uses as input. Every defect is a ``DAGError`` naming the node, raised before anything runs.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Optional

MAX_NODES = 2000
MAX_CHARS = 2_000_000   # all node texts together


class DAGError(ValueError):
    """A DAG that cannot be traced; the message names the DAG and the node and says what to change."""


@dataclass
class Node:
    id: str
    text: str
    inputs: list[str] = field(default_factory=list)
    stage: str = ""          # as given, else str(depth)
    title: str = ""
    depth: int = 0           # 0 for a source, else 1 + the deepest input's depth

    @property
    def is_source(self) -> bool:
        return not self.inputs


@dataclass
class DAG:
    id: str
    nodes: dict[str, Node]   # in input order
    final: str
    notes: list[str] = field(default_factory=list)

    @property
    def sources(self) -> list[str]:
        return [n.id for n in self.nodes.values() if n.is_source]

    def stage_of(self, node_id: str) -> str:
        return self.nodes[node_id].stage

    def upstream(self, node_id: str) -> set[str]:
        """Every node `node_id` was generated from, directly or not (itself excluded)."""
        seen: set[str] = set()
        stack = list(self.nodes[node_id].inputs)
        while stack:
            n = stack.pop()
            if n not in seen:
                seen.add(n)
                stack.extend(self.nodes[n].inputs)
        return seen

    def stages(self) -> list[str]:
        """Stage names ordered by depth (sources first), each once."""
        order: dict[str, int] = {}
        for n in self.nodes.values():
            order[n.stage] = min(order.get(n.stage, n.depth), n.depth)
        return sorted(order, key=lambda s: (order[s], s))

    def to_dict(self) -> dict:
        return {"id": self.id, "final": self.final, "notes": list(self.notes),
                "nodes": [dataclasses.asdict(n) for n in self.nodes.values()]}


def parse_dag(data: Any, default_id: str = "dag1") -> DAG:
    """A validated DAG from a decoded JSON object (see the module docstring); DAGError otherwise."""
    if not isinstance(data, dict):
        raise DAGError(f"DAG '{default_id}': expected a JSON object with 'nodes', got {type(data).__name__}.")
    dag_id = str(data.get("id") or default_id)
    where = f"DAG '{dag_id}'"
    raw_nodes = data.get("nodes")
    if not isinstance(raw_nodes, list) or not raw_nodes:
        raise DAGError(f"{where}: 'nodes' must be a non-empty list of {{'id', 'text', 'inputs'}} objects.")
    if len(raw_nodes) > MAX_NODES:
        raise DAGError(f"{where} has {len(raw_nodes):,} nodes; at most {MAX_NODES:,} are traced.")
    nodes: dict[str, Node] = {}
    given_stage: dict[str, bool] = {}
    for position, raw in enumerate(raw_nodes, 1):
        node = _node(raw, position, where)
        if node.id in nodes:
            raise DAGError(f"{where}: two nodes have the id '{node.id}'; give each node its own id.")
        nodes[node.id] = node
        given_stage[node.id] = bool(node.stage)
    if sum(len(n.text) for n in nodes.values()) > MAX_CHARS:
        raise DAGError(f"{where}: the node texts exceed {MAX_CHARS:,} characters together.")
    for node in nodes.values():
        for inp in node.inputs:
            if inp not in nodes:
                raise DAGError(f"{where}: node '{node.id}' lists input '{inp}', which is not a node id.")
            if inp == node.id:
                raise DAGError(f"{where}: node '{node.id}' lists itself as input (a cycle).")
    if not any(n.is_source for n in nodes.values()):
        raise DAGError(f"{where} has no source node: every node lists inputs, e.g. '{next(iter(nodes))}'. "
                       "A source document is a node without 'inputs'.")
    order = _topological(nodes, where)
    for node_id in order:
        node = nodes[node_id]
        node.depth = 1 + max(nodes[i].depth for i in node.inputs) if node.inputs else 0
        if not given_stage[node_id]:
            node.stage = str(node.depth)
    final = _final(data.get("final"), nodes, where)
    dag = DAG(dag_id, nodes, final)
    unused = [n for n in nodes if n != final and n not in dag.upstream(final)]
    if unused:
        dag.notes.append(f"{len(unused)} node(s) do not lead to the final output '{final}' and are not read: "
                         + ", ".join(unused[:10]) + ("…" if len(unused) > 10 else ""))
    return dag


def parse_dags(text: str, name: str = "input") -> list[DAG]:
    """DAGs from JSON text: one object, a list of objects, or JSON Lines (one object per line)."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise DAGError(f"{name} is empty: expected a DAG as JSON ({{'nodes': [...]}}) or JSON Lines of DAGs.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as whole:
        lines = [(k, line) for k, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise DAGError(f"{name} is not valid JSON: {whole.msg} (line {whole.lineno}, column {whole.colno}).") from None
        items = []
        for k, line in lines:
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise DAGError(f"{name}, line {k}: not valid JSON ({err.msg}, column {err.colno}).") from None
        data = items
    items = data if isinstance(data, list) else [data]
    dags = [parse_dag(item, f"dag{k}") for k, item in enumerate(items, 1)]
    seen: set[str] = set()
    for dag in dags:
        if dag.id in seen:
            raise DAGError(f"{name}: two DAGs have the id '{dag.id}'; give each its own id.")
        seen.add(dag.id)
    return dags


def _node(raw: Any, position: int, where: str) -> Node:
    if not isinstance(raw, dict):
        raise DAGError(f"{where}: node {position} must be an object with 'id' and 'text', not {type(raw).__name__}.")
    node_id = raw.get("id")
    if not isinstance(node_id, (str, int)) or isinstance(node_id, bool) or not str(node_id).strip():
        raise DAGError(f"{where}: node {position} needs an 'id' (a non-empty string).")
    node_id = str(node_id).strip()
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise DAGError(f"{where}: node '{node_id}' has empty text; every node needs the text it holds.")
    inputs = raw.get("inputs") or []
    if isinstance(inputs, str):
        inputs = [inputs]
    if not isinstance(inputs, list) or not all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in inputs):
        raise DAGError(f"{where}: node '{node_id}' has 'inputs' that are not a list of node ids.")
    stage = raw.get("stage")
    if stage is not None and not isinstance(stage, (str, int)):
        raise DAGError(f"{where}: node '{node_id}' has a 'stage' that is neither a name nor a number.")
    return Node(id=node_id, text=text, inputs=list(dict.fromkeys(str(i).strip() for i in inputs)),
                stage="" if stage is None else str(stage).strip(), title=str(raw.get("title") or ""))


def _topological(nodes: dict[str, Node], where: str) -> list[str]:
    """Node ids with every input before its user; DAGError naming a cycle's nodes otherwise."""
    state: dict[str, int] = {}   # 1 on the stack, 2 done
    order: list[str] = []
    for start in nodes:
        if state.get(start):
            continue
        stack: list[tuple[str, int]] = [(start, 0)]
        path: list[str] = []
        while stack:
            node_id, k = stack.pop()
            if k == 0:
                state[node_id] = 1
                path.append(node_id)
            inputs = nodes[node_id].inputs
            if k < len(inputs):
                stack.append((node_id, k + 1))
                nxt = inputs[k]
                if state.get(nxt) == 1:
                    cycle = path[path.index(nxt):] + [nxt]
                    raise DAGError(f"{where}: node '{nxt}' is part of a cycle ({' -> '.join(reversed(cycle))}); "
                                   "a node cannot be generated from its own output.")
                if not state.get(nxt):
                    stack.append((nxt, 0))
            else:
                state[node_id] = 2
                path.pop()
                order.append(node_id)
    return order


def _final(named: Optional[Any], nodes: dict[str, Node], where: str) -> str:
    if named is not None:
        final = str(named).strip()
        if final not in nodes:
            raise DAGError(f"{where}: 'final' names '{final}', which is not a node id.")
    else:
        used = {i for n in nodes.values() for i in n.inputs}
        ends = [n for n in nodes if n not in used]
        if len(ends) > 1:
            raise DAGError(f"{where}: several nodes are not used as input by any other node ({', '.join(ends[:10])}); "
                           "name the final output with \"final\": \"<node id>\".")
        final = ends[0]
    if nodes[final].is_source:
        raise DAGError(f"{where}: the final node '{final}' is a source (it has no inputs), so there is nothing to trace.")
    return final
