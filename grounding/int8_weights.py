"""How an ONNX graph stores its int8 weights: as int8 or as uint8 (the same grid shifted by 128), changed in the
serialized model itself, so that the runtime needs no `onnx` package to do it at load time.

A MatMulInteger weight ``q`` (int8, zero point 0) and ``q + 128`` (uint8, zero point 128) give the same products,
and ONNX Runtime picks its int8 kernel from the weight type: u8u8 for uint8 weights, u8s8 for int8 ones (VNNI
instructions where the CPU has them). The shift is a same-length edit of the bytes: the tensor's data type (a
one-byte varint, UINT8 = 2, INT8 = 3) and each byte of its raw data XOR 0x80 (``q`` and ``q + 128`` differ only
in the top bit), so no length prefix of the protobuf message changes.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

UINT8, INT8 = 2, 3    # onnx.TensorProto.DataType
_MODEL_GRAPH, _GRAPH_NODE, _GRAPH_INITIALIZER = 7, 1, 5
_NODE_INPUT, _NODE_OP_TYPE = 1, 4
_TENSOR_DATA_TYPE, _TENSOR_NAME, _TENSOR_RAW_DATA = 2, 8, 9


@dataclass
class _Tensor:
    data_type: int
    data_type_at: int | None     # offset of its one-byte data type in the model
    raw: tuple[int, int] | None  # [start, end) of its raw data in the model (None: stored another way)


def _varint(buf, pos: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        byte = buf[pos]
        value |= (byte & 0x7F) << shift
        pos += 1
        if byte < 0x80:
            return value, pos
        shift += 7


def _fields(buf, start: int, end: int):
    """(field number, wire type, value, value start, value end) of each field of the message in buf[start:end];
    value is the integer of a varint, None otherwise."""
    pos = start
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, after = _varint(buf, pos)
            yield number, wire, value, pos, after
        elif wire == 2:
            size, pos = _varint(buf, pos)
            after = pos + size
            yield number, wire, None, pos, after
        elif wire in (1, 5):
            after = pos + (8 if wire == 1 else 4)
            yield number, wire, None, pos, after
        else:
            raise ValueError(f"not an ONNX model: protobuf wire type {wire} at byte {pos}")
        pos = after


def _tensor(buf, start: int, end: int) -> tuple[str, _Tensor]:
    name, tensor = "", _Tensor(0, None, None)
    for number, wire, value, a, b in _fields(buf, start, end):
        if number == _TENSOR_DATA_TYPE and wire == 0:
            tensor.data_type, tensor.data_type_at = value, (a if b == a + 1 else None)
        elif number == _TENSOR_NAME and wire == 2:
            name = bytes(buf[a:b]).decode()
        elif number == _TENSOR_RAW_DATA and wire == 2:
            tensor.raw = (a, b)
    return name, tensor


def _node(buf, start: int, end: int) -> tuple[str, list[str]]:
    op_type, inputs = "", []
    for number, wire, _, a, b in _fields(buf, start, end):
        if wire == 2 and number == _NODE_INPUT:
            inputs.append(bytes(buf[a:b]).decode())
        elif wire == 2 and number == _NODE_OP_TYPE:
            op_type = bytes(buf[a:b]).decode()
    return op_type, inputs


def shift_weights(model: bytes, to: str = "int8") -> tuple[bytes, int]:
    """The serialized ONNX `model` with every MatMulInteger weight of an int8 grid stored as int8 (to="int8": uint8
    weights with zero point 128 become int8 with zero point 0) or as uint8 (to="uint8": int8 weights and their zero
    points move up by 128); returns the model and how many weights moved. The products are the same integers.
    Weights stored outside their tensor's raw data, or uint8 weights on a grid of their own (zero point not 128),
    are left as they are."""
    if to not in ("int8", "uint8"):
        raise ValueError(f"to must be 'int8' or 'uint8', not {to!r}")
    source, target = (UINT8, INT8) if to == "int8" else (INT8, UINT8)
    buf = bytearray(model)
    graph = next(((a, b) for number, wire, _, a, b in _fields(buf, 0, len(buf))
                  if number == _MODEL_GRAPH and wire == 2), None)
    if graph is None:
        raise ValueError("not an ONNX model: it has no graph")
    nodes, tensors = [], {}
    for number, wire, _, a, b in _fields(buf, *graph):
        if wire == 2 and number == _GRAPH_NODE:
            nodes.append(_node(buf, a, b))
        elif wire == 2 and number == _GRAPH_INITIALIZER:
            name, tensor = _tensor(buf, a, b)
            tensors[name] = tensor
    data = np.frombuffer(buf, dtype=np.uint8)   # a writable view of buf

    def movable(name: str) -> bool:
        t = tensors.get(name)
        return t is not None and t.data_type == source and t.data_type_at is not None and t.raw is not None

    weights, moving = set(), set()
    for op_type, inputs in nodes:
        if op_type != "MatMulInteger" or len(inputs) < 4 or not (movable(inputs[1]) and movable(inputs[3])):
            continue
        zero = tensors[inputs[3]]
        if to == "int8" and not (data[zero.raw[0]:zero.raw[1]] == 128).all():
            continue   # a uint8 grid of its own (asymmetric): not an int8 grid shifted
        weights.add(inputs[1])
        moving |= {inputs[1], inputs[3]}   # a tensor shared by several nodes moves once
    for name in moving:
        t = tensors[name]
        buf[t.data_type_at] = target
        data[t.raw[0]:t.raw[1]] ^= 0x80
    return bytes(buf), len(weights)


def amx_granted(flags: set[str]) -> bool:
    """Whether ONNX Runtime runs its AMX int8 kernels in this process: Linux hands a process the AMX tile registers
    only when it asks (arch_prctl ARCH_REQ_XCOMP_PERM), and ONNX Runtime asks when it loads on a CPU with AMX and
    uses those kernels once granted (exact, 32-bit sums; its VNNI kernels for small products). ARCH_GET_XCOMP_PERM
    tells whether the tile data (feature 18) was granted; False off Linux x86-64, without AMX in `flags` (the CPU's,
    grounding.runtime.cpu_flags), or where the kernel refuses."""
    import platform
    if platform.machine().lower() not in ("x86_64", "amd64") or "amx_int8" not in flags:
        return False
    return _tiles_granted()


@functools.lru_cache(maxsize=1)
def _tiles_granted() -> bool:
    """ARCH_GET_XCOMP_PERM's tile data bit for this process, once onnxruntime is loaded (a grant is not taken back)."""
    import ctypes
    import onnxruntime  # noqa: F401  (it asks for the tiles when it loads)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        granted = ctypes.c_uint64(0)
        if libc.syscall(158, 0x1022, ctypes.byref(granted)) != 0:   # SYS_arch_prctl, ARCH_GET_XCOMP_PERM
            return False
    except (OSError, AttributeError):
        return False
    return bool(granted.value >> 18 & 1)
