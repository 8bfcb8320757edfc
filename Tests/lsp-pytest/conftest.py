"""Fixtures of the pytest-lsp suite of `mbml lsp`: a workspace of manifests in a temporary folder and
clients that start the real binary (MBML_BIN) with the capabilities of real editors."""
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

MBML = os.environ.get("MBML_BIN", str(pathlib.Path(__file__).resolve().parents[2] / ".build/release/mbml"))

MAIN = """<MBML>
    <Include file="shared.xml"/>
    <Var name="cats" type="list">
        <Var literal="Barrett"/>
        <Var literal="Duncan"/>
    </Var>
    <Var name="total" expression="$tpyo" type="dynamic"/>
    <Var name="first" value="$cats[0]"/>
    <Var name="greeting" value="^join($cats|, )"/>
    <Var name="count" value="${cats}.count"/>
    <Var name="who" value="$owner"/>
    <Var name="spread" value="^join($cats|
        , )"/>
</MBML>
"""

SHARED = """<MBML>
    <Var name="owner" literal="Ada"/>
    <Var name="pets" value="$cats"/>
</MBML>
"""


@pytest.fixture(scope="session")
def workspace(tmp_path_factory):
    """A folder with main.xml, which includes shared.xml."""
    folder = tmp_path_factory.mktemp("workspace")
    (folder / "main.xml").write_text(MAIN)
    (folder / "shared.xml").write_text(SHARED)
    return folder


def uri(path):
    return pathlib.Path(path).as_uri()


def position_of(text, needle, offset=0, occurrence=0):
    """The LSP position of `needle` (its `occurrence`-th appearance) in `text`, plus `offset` columns."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=column + offset)


async def start(lsp_client: LanguageClient, capabilities, folder):
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations += params.registrations

    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=uri(folder),
            workspace_folders=[types.WorkspaceFolder(uri=uri(folder), name="workspace")],
        )
    )


async def open_document(lsp_client: LanguageClient, path, text=None, language="xml"):
    """Opens `path` (its text on disk unless `text` is given) and waits for its diagnostics."""
    text = pathlib.Path(path).read_text() if text is None else text
    lsp_client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id=language, version=1, text=text)
        )
    )
    await wait_for_diagnostics(lsp_client, uri(path))
    return text


async def wait_for_diagnostics(lsp_client: LanguageClient, document_uri):
    while True:
        params = await lsp_client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == document_uri:
            return params


SERVER = ClientServerConfig(server_command=[MBML, "lsp"])


@pytest_lsp.fixture(config=SERVER, params=["visual-studio-code", "neovim@v0.7.0", "neovim@v0.11.0", "emacs@v29.1"])
async def client(request, lsp_client: LanguageClient, workspace):
    """A client with the capabilities of VS Code, Neovim 0.7 or 0.11 or Emacs 29 (eglot), on the workspace."""
    await start(lsp_client, client_capabilities(request.param), workspace)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def plain_client(lsp_client: LanguageClient, workspace):
    """A client that reads hovers only as plain text."""
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText])
        )
    )
    await start(lsp_client, capabilities, workspace)
    yield
    await lsp_client.shutdown_session()
