# Sourced by the language-server scripts that drive editors (.ci/lsp-e2e.sh, .ci/lsp-clients.sh):
# one rule for reading an editor check's result lines into the caller's `passed` and `failed`.

# Counts an editor check's result lines ("ok NAME" or "FAIL NAME: detail"); none at all is a failure.
count_results() {
    local file="$1" editor="$2"
    if [ ! -s "$file" ]; then
        echo "  FAIL  $editor wrote no results"
        failed=$((failed + 1))
        return
    fi
    while IFS= read -r line; do
        case "$line" in
        ok\ *) echo "  ok    ${line#ok }"; passed=$((passed + 1)) ;;
        *) echo "  FAIL  ${line#FAIL }"; failed=$((failed + 1)) ;;
        esac
    done < "$file"
}
