"""Every capability `mbml lsp` announces, checked over stdio from pytest-lsp's client (which also
checks each answer against the client's capabilities and the LSP specification)."""
import asyncio
import pathlib

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import MAIN, SHARED, open_document, position_of, uri, wait_for_diagnostics


def main_uri(workspace):
    return uri(workspace / "main.xml")


def document(workspace):
    return types.TextDocumentIdentifier(uri=main_uri(workspace))


async def test_initialize_announces_every_capability(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert client.initialize_result.server_info.name == "mbml"
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.text_document_sync.open_close
    assert capabilities.hover_provider
    assert capabilities.completion_provider.resolve_provider
    assert "$" in capabilities.completion_provider.trigger_characters
    assert "(" in capabilities.signature_help_provider.trigger_characters
    assert capabilities.definition_provider and capabilities.declaration_provider
    assert capabilities.references_provider
    assert capabilities.rename_provider.prepare_provider
    assert capabilities.document_symbol_provider
    assert capabilities.folding_range_provider
    assert capabilities.document_link_provider is not None
    assert capabilities.workspace.workspace_folders.supported
    assert capabilities.workspace.workspace_folders.change_notifications
    assert capabilities.inlay_hint_provider
    assert "quickfix" in capabilities.code_action_provider.code_action_kinds
    assert list(capabilities.execute_command_provider.commands) == ["mbml.evaluate", "mbml.runExpectations"]
    assert capabilities.code_lens_provider is not None
    assert list(capabilities.semantic_tokens_provider.legend.token_types) == ["variable", "function"]


async def test_diagnostics_name_the_undeclared_reference(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    diagnostics = client.diagnostics[main_uri(workspace)]
    assert any("$tpyo" in d.message for d in diagnostics), diagnostics
    typo = next(d for d in diagnostics if "$tpyo" in d.message)
    assert typo.range.start == position_of(MAIN, "$tpyo")
    assert all("$cats" not in d.message and "$owner" not in d.message for d in diagnostics)


async def test_hover_shows_the_value_in_the_clients_markup(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document(workspace), position=position_of(MAIN, "$cats[0]", 1))
    )
    assert "Barrett" in hover.contents.value
    formats = client.capabilities.text_document.hover.content_format or [types.MarkupKind.PlainText]
    assert hover.contents.kind == formats[0]
    assert hover.range.start == position_of(MAIN, "$cats[0]")


async def test_hover_in_plain_text_has_no_markdown(plain_client: LanguageClient, workspace):
    await open_document(plain_client, workspace / "main.xml")
    hover = await plain_client.text_document_hover_async(
        types.HoverParams(text_document=document(workspace), position=position_of(MAIN, "$cats[0]", 2))
    )
    assert hover.contents.kind == types.MarkupKind.PlainText
    assert "Barrett" in hover.contents.value and "```" not in hover.contents.value


async def test_hover_on_curly_reference_and_on_an_included_variable(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    curly = await client.text_document_hover_async(
        types.HoverParams(text_document=document(workspace), position=position_of(MAIN, "${cats}", 3))
    )
    assert "Duncan" in curly.contents.value
    owner = await client.text_document_hover_async(
        types.HoverParams(text_document=document(workspace), position=position_of(MAIN, "$owner", 2))
    )
    assert "Ada" in owner.contents.value and "shared.xml" in owner.contents.value


async def test_definition_on_a_reference_and_on_the_declared_name(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=document(workspace), position=position_of(MAIN, "$cats[0]", 2))
    )
    locations = found if isinstance(found, list) else [found]
    assert locations[0].uri == main_uri(workspace)
    assert locations[0].range.start.line == position_of(MAIN, 'name="cats"').line
    on_name = await client.text_document_definition_async(
        types.DefinitionParams(text_document=document(workspace), position=position_of(MAIN, 'name="cats"', 7))
    )
    on_name = on_name if isinstance(on_name, list) else [on_name]
    assert on_name[0].range.start == position_of(MAIN, 'name="cats"', 6)
    included = await client.text_document_declaration_async(
        types.DeclarationParams(text_document=document(workspace), position=position_of(MAIN, "$owner", 1))
    )
    included = included if isinstance(included, list) else [included]
    assert included[0].uri == uri(workspace / "shared.xml")
    assert included[0].range.start.line == 1


async def test_references_reach_included_files_on_disk(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document(workspace),
            position=position_of(MAIN, 'name="cats"', 7),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    where = {(location.uri, location.range.start.line) for location in found}
    shared_line = position_of(SHARED, "$cats").line
    assert (uri(workspace / "shared.xml"), shared_line) in where
    assert (main_uri(workspace), position_of(MAIN, "${cats}").line) in where
    assert (main_uri(workspace), position_of(MAIN, "$cats|").line) in where
    assert (main_uri(workspace), position_of(MAIN, 'name="cats"').line) in where


async def test_completion_lists_at_once_and_resolves_the_value(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=document(workspace), position=position_of(MAIN, "$cats[0]", 3))
    )
    items = completion.items if hasattr(completion, "items") else completion
    cats = next(item for item in items if item.label == "cats")
    assert cats.detail is None and cats.data is not None
    resolved = await client.completion_item_resolve_async(cats)
    assert "Barrett" in resolved.detail


async def test_incremental_changes_and_case_insensitive_completion(client: LanguageClient, workspace):
    text = await open_document(client, workspace / "main.xml")
    # Fix the typo by replacing the range of `tpyo`, then add a line that starts `$CA`.
    typo = position_of(text, "$tpyo", 1)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=main_uri(workspace), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=typo, end=types.Position(line=typo.line, character=typo.character + 4)),
                    text="cats",
                ),
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=0)),
                    text='    <Var name="shout" value="$CA"/>\n',
                ),
            ],
        )
    )
    diagnostics = await wait_for_diagnostics(client, main_uri(workspace))
    assert diagnostics.version == 2
    assert not any("$tpyo" in d.message for d in diagnostics.diagnostics), diagnostics
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=document(workspace), position=types.Position(line=1, character=len('    <Var name="shout" value="$CA'))
        )
    )
    items = completion.items if hasattr(completion, "items") else completion
    assert "cats" in [item.label for item in items]


async def test_signature_help_on_one_line_and_across_lines(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    help = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document(workspace), position=position_of(MAIN, "|, )", 1))
    )
    assert help.signatures[0].label.startswith("^join(")
    assert help.active_parameter == 1
    spanning = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document(workspace), position=position_of(MAIN, "        , )", 8))
    )
    assert spanning is not None and spanning.signatures[0].label.startswith("^join(")
    assert spanning.active_parameter == 1


async def test_semantic_tokens_cover_variables_and_functions(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=document(workspace))
    )
    data = tokens.data
    assert len(data) % 5 == 0
    kinds = [data[index + 3] for index in range(0, len(data), 5)]
    assert kinds.count(1) == 2  # ^join twice
    assert kinds.count(0) >= 6  # $tpyo $cats ${cats} $owner $cats $cats


async def test_document_symbols_are_the_tree_of_variables(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document(workspace))
    )
    names = [symbol.name for symbol in symbols]
    assert names[:4] == ["shared.xml", "cats", "total", "first"]
    cats = symbols[1]
    assert cats.kind == types.SymbolKind.Array
    assert [child.name for child in cats.children] == ["Barrett", "Duncan"]
    assert cats.selection_range.start == position_of(MAIN, 'name="cats"', 6)


async def test_folding_ranges_fold_elements_that_span_lines(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    ranges = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=document(workspace))
    )
    spans = {(r.start_line, r.end_line) for r in ranges}
    cats = position_of(MAIN, 'name="cats"').line
    assert (cats, cats + 3) in spans
    assert (0, MAIN.count("\n") - 1) in spans


async def test_document_links_open_the_included_file(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=document(workspace))
    )
    assert [link.target for link in links] == [uri(workspace / "shared.xml")]
    assert links[0].range.start == position_of(MAIN, "shared.xml")


async def test_rename_reaches_every_form_and_the_included_file(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document(workspace), position=position_of(MAIN, "${cats}", 3))
    )
    assert prepared.start == position_of(MAIN, "${cats}", 2)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=document(workspace), position=position_of(MAIN, "$cats[0]", 2), new_name="kittens"
        )
    )
    main_edits = edit.changes[main_uri(workspace)]
    shared_edits = edit.changes[uri(workspace / "shared.xml")]
    # The declaration, $cats[0], ^join($cats…), ${cats} and the spanning ^join's $cats.
    assert len(main_edits) == 5 and all(e.new_text == "kittens" for e in main_edits)
    assert len(shared_edits) == 1
    assert position_of(MAIN, "${cats}", 2) in [e.range.start for e in main_edits]


async def test_watched_include_change_reloads_its_includer(client: LanguageClient, tmp_path):
    (tmp_path / "main.xml").write_text(MAIN)
    (tmp_path / "shared.xml").write_text(SHARED)
    main = tmp_path / "main.xml"
    await open_document(client, main)
    (tmp_path / "shared.xml").write_text(SHARED.replace("Ada", "Grace"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri(tmp_path / "shared.xml"), type=types.FileChangeType.Changed)]
        )
    )
    await wait_for_diagnostics(client, uri(main))
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(main)), position=position_of(MAIN, "$owner", 2))
    )
    assert "Grace" in hover.contents.value


async def test_typing_in_a_var_and_an_include_changed_on_disk(client: LanguageClient, tmp_path):
    """Keystrokes inside a <Var> load incrementally; an include changed on disk loads everything
    again, and the keystrokes after it keep what it changed."""
    (tmp_path / "main.xml").write_text(MAIN)
    (tmp_path / "shared.xml").write_text(SHARED)
    main = tmp_path / "main.xml"
    await open_document(client, main)

    def hover(needle, offset):
        return client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(main)),
                              position=position_of(MAIN, needle, offset))
        )

    async def type_after_barrett(text, version, typed_before):
        at = position_of(MAIN, "Barrett", len("Barrett") + typed_before)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri(main), version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text=text)],
            )
        )
        diagnostics = await wait_for_diagnostics(client, uri(main))
        assert diagnostics.version == version

    await type_after_barrett("X", 2, 0)
    assert "BarrettX" in (await hover("$cats[0]", 2)).contents.value
    (tmp_path / "shared.xml").write_text(SHARED.replace("Ada", "Grace"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri(tmp_path / "shared.xml"), type=types.FileChangeType.Changed)]
        )
    )
    await wait_for_diagnostics(client, uri(main))
    assert "Grace" in (await hover("$owner", 2)).contents.value
    await type_after_barrett("Y", 3, 1)
    assert "BarrettXY" in (await hover("$cats[0]", 2)).contents.value
    assert "Grace" in (await hover("$owner", 2)).contents.value


async def test_workspace_folders_decide_what_a_document_may_read(client: LanguageClient, tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "shared.xml").write_text(SHARED)
    text = MAIN.replace('file="shared.xml"', 'file="../lib/shared.xml"').replace("$tpyo", "$cats")
    (tmp_path / "app" / "main.xml").write_text(text)
    main = tmp_path / "app" / "main.xml"
    await open_document(client, main)
    assert client.diagnostics[uri(main)], "reading ../lib is refused outside the workspace"
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=uri(tmp_path / "lib"), name="lib")], removed=[]
            )
        )
    )
    diagnostics = await wait_for_diagnostics(client, uri(main))
    assert not diagnostics.diagnostics, diagnostics


async def test_a_template_gets_no_xml_errors(client: LanguageClient, workspace):
    path = workspace / "page.md"
    text = "# Hello $name\n"
    await open_document(client, path, text=text, language="mbml-template")
    assert not any(d.severity == types.DiagnosticSeverity.Error for d in client.diagnostics[uri(path)])


async def test_inlay_hints_show_each_variables_value(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=document(workspace),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0)),
        )
    )
    by_line = {hint.position.line: hint.label for hint in hints}
    assert by_line[position_of(MAIN, 'name="first"').line] == '= "Barrett"'
    assert by_line[position_of(MAIN, 'name="cats"').line].startswith('= ["Barrett"')
    assert by_line[position_of(MAIN, 'name="who"').line] == '= "Ada"'
    assert position_of(MAIN, 'literal="Barrett"').line not in by_line, "a list's items are not variables"


async def test_quick_fix_suggests_the_nearest_declared_name(client: LanguageClient, tmp_path):
    path = tmp_path / "typo.xml"
    text = '<MBML>\n    <Var name="cats" literal="two"/>\n    <Var name="use" type="dynamic" expression="${cast}"/>\n</MBML>\n'
    path.write_text(text)
    await open_document(client, path)
    typo = next(d for d in client.diagnostics[uri(path)] if "$cast" in d.message)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), range=typo.range,
            context=types.CodeActionContext(diagnostics=[typo]),
        )
    )
    fixes = [action for action in actions if getattr(action, "kind", None) == types.CodeActionKind.QuickFix]
    assert [fix.title for fix in fixes] == ["Did you mean `$cats`?"], actions
    edit = fixes[0].edit.changes[uri(path)][0]
    assert edit.new_text == "cats"
    assert edit.range.start == position_of(text, "${cast}", 2), "only the name inside ${…} changes"


async def test_code_action_evaluates_the_selection(client: LanguageClient, workspace):
    await open_document(client, workspace / "main.xml")
    start = position_of(MAIN, "^join($cats|, )")
    end = types.Position(line=start.line, character=start.character + len("^join($cats|, )"))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=document(workspace), range=types.Range(start=start, end=end),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    titles = [action.title for action in actions]
    assert 'Evaluate: "Barrett, Duncan"' in titles, titles
    inline = next(action for action in actions if getattr(action, "kind", None) == types.CodeActionKind.RefactorInline)
    assert inline.edit.changes[main_uri(workspace)][0].new_text == '"Barrett, Duncan"'
    evaluate = next(action for action in actions if action.title.startswith("Evaluate"))
    assert isinstance(evaluate, types.Command)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=evaluate.command, arguments=evaluate.arguments)
    )
    assert result == '"Barrett, Duncan"'
    await asyncio.sleep(0.2)
    assert any("Barrett, Duncan" in message.message for message in client.messages)


async def test_code_lenses_run_the_projects_expectation_file(client: LanguageClient, tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "main.xml").write_text('<MBML>\n    <Var name="total" literal="6"/>\n</MBML>\n')
    (tmp_path / "mbml.json").write_text('{"load": ["main.xml"], "expectations": ["cases.jsonl"]}')
    cases = ('{"id": "right", "context": "string", "expr": "$total", "expect": "6"}\n'
             '{"id": "wrong", "context": "string", "expr": "$total", "expect": "7"}\n')
    path = tmp_path / "cases.jsonl"
    path.write_text(cases)
    await open_document(client, path, language="jsonl")
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    titles = [(lens.range.start.line, lens.command.title) for lens in lenses]
    assert titles[0] == (0, "▶ Run 2 checks: 1 passed, 1 failed"), titles
    assert (0, "✓ passed") in titles, titles
    assert any(line == 1 and title.startswith("✗ failed:") for line, title in titles), titles
    refreshes = []

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params):
        refreshes.append(params)
        return None

    wrong = next(lens for lens in lenses if lens.range.start.line == 1)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=wrong.command.command, arguments=wrong.command.arguments)
    )
    assert result["failed"] == 1 and result["failures"][0]["id"] == "wrong", result
    await asyncio.sleep(0.2)
    assert any("0 passed, 1 failed" in message.message for message in client.messages), client.messages
    # The lenses are refreshed by clients that can (pytest-lsp checks a request the client did not
    # announce it supports as an error of the server).
    workspace = client.capabilities.workspace if client.capabilities else None
    supports = bool(workspace and workspace.code_lens and workspace.code_lens.refresh_support)
    for _ in range(20):
        if refreshes or not supports:
            break
        await asyncio.sleep(0.1)
    assert len(refreshes) == (1 if supports else 0), (supports, refreshes)
