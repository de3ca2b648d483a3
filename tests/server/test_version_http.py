"""A live server states what it writes and reads: GET /v1/version (unsigned), the `versions`
member of /v1/health (beside its other members) and the OpenAPI document's description of
both, all equal to protocol.versions' statement, so a client can tell an older or newer
server from a lying one."""

from __future__ import annotations

import requests

import engines
from protocol.entries import FORMAT
from protocol.versions import installed_version, statement
from server.store import migrations
from tests.conftest import LiveServer


def test_the_version_endpoint_and_health_state_the_server_s_versions(live_server: LiveServer) -> None:
    """GET /v1/version, unsigned, answers the statement of protocol.versions: pbem's version, the
    log format, every engine the server runs with its version, the schema; /v1/health carries the
    same as `versions` and keeps `ok` and `server_key`."""
    answer = requests.get(f"{live_server.url}/v1/version", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("application/json")
    stated = answer.json()
    assert stated == statement()
    assert stated["pbem"] == installed_version() != "0.1.0"
    assert stated["log_format"]["writes"] == FORMAT
    assert stated["engines"] == {e.id: {"writes": e.version, "reads": list(engines.versions(e.id))} for e in engines.all()}
    assert stated["schema"] == migrations.CURRENT

    health = requests.get(f"{live_server.url}/v1/health", timeout=10).json()
    assert health["ok"] is True and len(health["server_key"]) == 64
    assert health["versions"] == stated


def test_the_openapi_document_describes_the_version_endpoint(live_server: LiveServer) -> None:
    """The served OpenAPI document has GET /v1/version answering the Versions schema, whose
    required members are the statement's, Health requires `versions`, and info.x-pbem-versions
    is the server's own statement."""
    document = requests.get(f"{live_server.url}/v1/openapi.json", timeout=10).json()
    operation = document["paths"]["/v1/version"]["get"]
    assert operation["security"] == []
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/Versions"}
    schemas = document["components"]["schemas"]
    assert set(schemas["Versions"]["required"]) == set(statement())
    assert "versions" in schemas["Health"]["required"]
    assert document["info"]["x-pbem-versions"] == statement()
