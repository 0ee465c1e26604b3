"""Generic JSON encoding of game-state objects, so games need not hand-write savers.

Handles plain JSON values, tuples, sets, dicts with non-string keys, enums and
objects of registered classes (plain, `__slots__`, dataclasses, NamedTuples).
Decoding only ever builds registered classes, so a malformed or hostile save
file cannot make it import or construct anything else.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from .errors import SaveFileError

C = TypeVar("C", bound=type)

_classes: dict[str, type] = {}
_PLAIN = frozenset({type(None), bool, int, float, str})


def serializable(cls: C) -> C:
    """Class decorator: allow `cls` (an object class or an Enum) in saved states."""
    _classes[_name(cls)] = cls
    return cls


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _fields(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for klass in type(obj).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot != "__dict__" and slot != "__weakref__" and hasattr(obj, slot):
                out[slot] = getattr(obj, slot)
    if hasattr(obj, "__dict__"):
        out.update(vars(obj))
    transient = {name for klass in type(obj).__mro__ for name in vars(klass).get("_transient_", ())}
    return {k: v for k, v in out.items() if k not in transient}


def encode(value: Any) -> Any:
    cls = type(value)
    if cls in _PLAIN:
        return value
    name = _name(cls)
    if name in _classes:
        if isinstance(value, Enum):
            return {"$e": name, "v": value.value}
        if isinstance(value, tuple):  # NamedTuple
            return {"$o": name, "t": [encode(v) for v in value]}
        return {"$o": name, "f": {k: encode(v) for k, v in _fields(value).items()}}
    if isinstance(value, Enum):
        raise TypeError(f"cannot save enum {cls.__qualname__}; decorate it with @codec.serializable")
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$t": [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        items = sorted((encode(v) for v in value), key=repr)
        return {"$fs" if isinstance(value, frozenset) else "$s": items}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("$") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"$d": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot save a {cls.__qualname__}; decorate its class with @codec.serializable")


def decode(data: Any) -> Any:
    """Rebuild a value `encode` wrote; SaveFileError (one bounded line) on anything malformed."""
    try:
        return _decode(data)
    except SaveFileError:
        raise
    except RecursionError:
        raise SaveFileError("the saved state nests values too deep") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        text = str(exc)
        text = text if len(text) <= 120 else text[:120] + "…"
        raise SaveFileError(f"the saved state is malformed ({exc.__class__.__name__}: {text})") from None


def _decode(data: Any) -> Any:
    if isinstance(data, list):
        return [_decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "$t" in data:
        return tuple(_decode(v) for v in data["$t"])
    if "$s" in data:
        return {_decode(v) for v in data["$s"]}
    if "$fs" in data:
        return frozenset(_decode(v) for v in data["$fs"])
    if "$d" in data:
        return {_decode(k): _decode(v) for k, v in data["$d"]}
    if "$e" in data or "$o" in data:
        name = data.get("$e") or data["$o"]
        cls = _classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise SaveFileError(f"the saved state names an unknown type {str(name)[:80]!r}")
        if "$e" in data:
            return cls(data["v"])
        if "t" in data:
            return cls(*(_decode(v) for v in data["t"]))
        obj: Any = object.__new__(cls)
        for key, value in data["f"].items():
            if not isinstance(key, str) or not key.isidentifier() or key.startswith("__"):
                raise SaveFileError("the saved state names a field that no object has")
            object.__setattr__(obj, key, _decode(value))
        after = getattr(obj, "_after_load_", None)
        if after is not None:
            after()
        return obj
    return {k: _decode(v) for k, v in data.items()}
