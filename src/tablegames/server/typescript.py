"""TypeScript declarations of the wire protocol, written from its JSON Schemas: ``tablegames/server/wire.d.ts``.

`declarations` turns the schemas of `tablegames.server.contract` (the HTTP
bodies) and `tablegames.server.asyncapi` (the WebSocket's frames and
messages) into TypeScript types, so that a frontend written in TypeScript,
or JavaScript checked with ``tsc --checkJs``, types what it sends and
receives without writing the types by hand. The package ships the result
as ``wire.d.ts`` beside this module; the tests fail when it differs from
what `declarations` writes (``python -m tablegames.server.typescript > .../wire.d.ts``
writes it anew).

Examples:
    >>> print(typescript({"type": "array", "items": {"type": "integer"}}))
    number[]
    >>> print(typescript({"enum": ["waiting", "over"]}))
    "waiting" | "over"
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablegames.server.asyncapi import FRAMES, MESSAGES
from tablegames.server.contract import SCHEMAS

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = ["DECLARATIONS", "declarations", "typescript"]

#: Where the package keeps the declarations.
DECLARATIONS = Path(__file__).resolve().with_name("wire.d.ts")
_SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}


def _name(reference: str) -> str:
    name = reference.rsplit("/", 1)[-1]
    return name[0].upper() + name[1:]


def typescript(schema: JSONDict, indent: str = "") -> str:
    """The TypeScript type of a JSON Schema of the protocol (the parts of JSON Schema it uses)."""
    if "$ref" in schema:
        return _name(schema["$ref"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "oneOf" in schema:
        return " | ".join(typescript(each, indent) for each in schema["oneOf"])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " | ".join(typescript({**schema, "type": kind}, indent) for kind in kinds)
    if kinds == "array":
        item = typescript(schema.get("items", {}), indent)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if kinds == "object":
        return _object(schema, indent)
    return _SCALARS.get(str(kinds), "unknown")


def _object(schema: JSONDict, indent: str) -> str:
    properties: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties")
    if not properties:
        inner = typescript(extra, indent) if isinstance(extra, dict) else "unknown"
        return f"Record<string, {inner}>"
    required = set(schema.get("required", []))
    lines = ["{"]
    for key, value in properties.items():
        if "description" in value:
            lines.append(f"{indent}  /** {value['description']} */")
        lines.append(f"{indent}  {key}{'' if key in required else '?'}: {typescript(value, indent + '  ')};")
    lines.append(f"{indent}}}")
    return "\n".join(lines)


def declarations() -> str:
    """The text of ``wire.d.ts``: a type per schema, and the unions of the WebSocket's frames and messages."""
    named: dict[str, JSONDict] = {
        **SCHEMAS,
        **{f"{name}Frame": schema for name, schema in FRAMES.items()},
        **{f"{name}Message": schema for name, schema in MESSAGES.items()},
    }
    parts = [
        "// The tablegames wire protocol's types, written by tablegames.server.typescript from its JSON Schemas.",
        "// Do not edit: python -m tablegames.server.typescript > src/tablegames/server/wire.d.ts",
        "",
    ]
    for name, schema in named.items():
        if "description" in schema:
            parts.append(f"/** {schema['description']} */")
        written = typescript(schema)
        if schema.get("type") == "object" and schema.get("properties"):
            parts.append(f"export interface {_name(name)} {written}")
        else:
            parts.append(f"export type {_name(name)} = {written};")
        parts.append("")
    frames = " | ".join(_name(f"{name}Frame") for name in FRAMES)
    messages = " | ".join(_name(f"{name}Message") for name in MESSAGES)
    parts += [
        "/** Every frame the server sends on a table's WebSocket. */",
        f"export type ServerFrame = {frames};",
        "",
        "/** Every message a client may send on a table's WebSocket. */",
        f"export type ClientMessage = {messages};",
        "",
    ]
    return "\n".join(parts)


if __name__ == "__main__":
    print(declarations(), end="")
