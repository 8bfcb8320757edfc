;;; lsp_emacs_eglot_check.el --- Emacs + eglot against `mbml lsp', run by .ci/lsp-e2e.sh -*- lexical-binding: t -*-
;;   MBML_BIN=... MBML_PROJECT=... MBML_README=... MBML_RESULT=... emacs --batch -q -l Tools/lsp_emacs_eglot_check.el
;; Evaluates the README's eglot configuration (its ```elisp block, the binary's path instead of
;; "mbml"), then in MBML_PROJECT (a copy of Tests/lsp-clients/project whose manifest.xml also has
;; a `^join($cats|' and a `"$ca"') opens manifest.xml and, through eglot's own functions, waits for
;; the diagnostics (Flymake), asks the hover on `$cats' (eglot's eldoc hover function), the
;; completions after `$ca' (eglot's completion-at-point table) and the signature in `^join(' (eglot's
;; eldoc signature function); then opens docs/page.html.boilerplate, a template that starts with `<'
;; (only the language id mbml-template keeps it from being read as XML): its mode and language id,
;; eglot's Flymake backend reports no diagnostic, and the hover on `${first}' shows the project's
;; value. Writes one line per check ("ok NAME" or "FAIL NAME: detail") to MBML_RESULT. Works with
;; the eglot of Debian 12 (elpa-eglot 1.9 on Emacs 28) and the one built into Emacs 29 and later.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'nxml-mode)
(require 'flymake)

(defvar mbml-results nil)

(defun mbml-check (name ok detail)
  (push (if ok (format "ok %s" name)
          (format "FAIL %s: %s" name (replace-regexp-in-string "\n" " " (format "%S" detail))))
        mbml-results))

(defun mbml-wait (predicate seconds)
  "Runs the event loop until PREDICATE is true or SECONDS passed; returns PREDICATE's value."
  (let ((deadline (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun mbml-goto (text offset)
  (goto-char (point-min))
  (search-forward text)
  (goto-char (+ (match-beginning 0) offset)))

;; The README's configuration: the first ```elisp block after "**Emacs**".
(defun mbml-readme-configuration ()
  (with-temp-buffer
    (insert-file-contents (getenv "MBML_README"))
    (goto-char (point-min))
    (search-forward "**Emacs**")
    (search-forward "```elisp\n")
    (let ((start (point)))
      (search-forward "\n```")
      (replace-regexp-in-string
       "\"mbml\" \"lsp\"" (format "%S \"lsp\"" (getenv "MBML_BIN"))
       (buffer-substring-no-properties start (match-beginning 0)) t t))))

(defun mbml-hover (text offset)
  "The text of eglot's hover at OFFSET into the first TEXT of the buffer."
  (mbml-goto text offset)
  (let ((hover nil))
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
    (mbml-wait (lambda () hover) 10)
    hover))

(defun mbml-language-id ()
  "The language id eglot sends for the current buffer."
  (cond ((fboundp 'eglot--languageId) (eglot--languageId))
        ((fboundp 'eglot--language-id) (eglot--language-id (eglot-current-server)))))

(condition-case failure
    (let ((project (file-name-as-directory (getenv "MBML_PROJECT"))))
      (setq eglot-sync-connect 10)
      (with-temp-buffer
        (insert (mbml-readme-configuration))
        (eval-buffer))
      (find-file (concat project "manifest.xml"))
      (mbml-check "manifest.xml opens in nxml-mode" (eq major-mode 'nxml-mode) major-mode)
      (call-interactively #'eglot)
      (mbml-check "eglot connects to mbml lsp" (mbml-wait #'eglot-current-server 20) nil)
      (let ((found (mbml-wait
                    (lambda ()
                      (seq-find (lambda (d) (string-match-p "\\$tpyo" (flymake-diagnostic-text d)))
                                (flymake-diagnostics)))
                    20)))
        (mbml-check "eglot shows the $tpyo diagnostic in Flymake" found
                    (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
      (let ((hover (mbml-hover "$cats[0]" 1)))
        (mbml-check "a hover on $cats in eglot shows its value" (and hover (string-match-p "Barrett" hover)) hover))
      (mbml-goto "\"$ca\"" 4)
      (let* ((capf (eglot-completion-at-point))
             (names (and capf (all-completions "" (nth 2 capf)))))
        (mbml-check "eglot's completion after $ca offers cats" (member "cats" names) names))
      (mbml-goto "^join($cats|" 12)
      (let ((signature nil))
        (eglot-signature-eldoc-function (lambda (info &rest _) (setq signature (or info ""))))
        (mbml-wait (lambda () signature) 10)
        (mbml-check "eglot's signature help in ^join( shows the signature"
                    (and signature (string-match-p "join(" signature)) signature))
      ;; A template of the project.
      (find-file (concat project "docs/page.html.boilerplate"))
      (mbml-check "a *.boilerplate file opens in mbml-template-mode" (eq major-mode 'mbml-template-mode) major-mode)
      (call-interactively #'eglot)
      (mbml-check "eglot connects to mbml lsp for the template" (mbml-wait #'eglot-current-server 20) nil)
      (mbml-check "eglot sends the template as mbml-template" (equal (mbml-language-id) "mbml-template")
                  (mbml-language-id))
      (let ((hover (mbml-hover "${first}" 2)))
        (mbml-check "a hover on ${first} in the template shows the project's value"
                    (and hover (string-match-p "Barrett" hover)) hover))
      (let ((reported (mbml-wait (lambda () (memq 'eglot-flymake-backend (flymake-reporting-backends))) 20)))
        (mbml-check "eglot reports the template's diagnostics to Flymake: none (no false XML error)"
                    (and reported (null (flymake-diagnostics)))
                    (if reported (mapcar #'flymake-diagnostic-text (flymake-diagnostics))
                      "eglot's Flymake backend never reported")))
      (maphash (lambda (_project servers) (mapc #'eglot-shutdown servers)) eglot--servers-by-project))
  (error (push (format "FAIL the Emacs script ran: %S" failure) mbml-results)))

(with-temp-file (getenv "MBML_RESULT")
  (insert (mapconcat #'identity (reverse mbml-results) "\n") "\n"))
(kill-emacs 0)
