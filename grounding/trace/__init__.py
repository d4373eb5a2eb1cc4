"""Multi-step traceability over a generation DAG (VeriTrail): which path supports each claim of the final
output, and at which step an unsupported one came in.

    from grounding.trace import parse_dag, trace
    result = trace(parse_dag(json_object), GroundingConfig(trace_q=3))
"""
from grounding.trace.dag import DAG, DAGError, Node, parse_dag, parse_dags
from grounding.trace.method import (FULLY_SUPPORTED, INCONCLUSIVE, NOT_FULLY_SUPPORTED, ClaimTrace, Evidence,
                                    Iteration, TraceResult, trace)

__all__ = ["DAG", "DAGError", "Node", "parse_dag", "parse_dags", "trace", "TraceResult", "ClaimTrace", "Iteration",
           "Evidence", "FULLY_SUPPORTED", "NOT_FULLY_SUPPORTED", "INCONCLUSIVE"]
