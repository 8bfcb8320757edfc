;;; lsp_emacs_eglot_check.el --- Emacs + eglot against `mbml lsp', run by .ci/lsp-e2e.sh -*- lexical-binding: t -*-
;;   MBML_BIN=... MBML_MANIFEST=... MBML_RESULT=... emacs --batch -q -l Tools/lsp_emacs_eglot_check.el
;; Configures eglot as the README says (nxml-mode with ("mbml" "lsp"), the binary's path instead of
;; "mbml"), opens the manifest, and through eglot's own functions waits for the diagnostics (Flymake),
;; asks the hover on `$cats' (eglot's eldoc hover function), the completions after `$ca' (eglot's
;; completion-at-point table) and the signature in `^join(' (eglot's eldoc signature function). Writes
;; one line per check ("ok NAME" or "FAIL NAME: detail") to MBML_RESULT. Works with the eglot of
;; Debian 12 (elpa-eglot 1.9 on Emacs 28) and the one built into Emacs 29 and later.
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

(condition-case failure
    (progn
      (setq eglot-sync-connect 10)
      (with-eval-after-load 'eglot
        (add-to-list 'eglot-server-programs `(nxml-mode . (,(getenv "MBML_BIN") "lsp"))))
      (find-file (getenv "MBML_MANIFEST"))
      (nxml-mode)
      (call-interactively #'eglot)
      (mbml-check "eglot connects to mbml lsp" (mbml-wait #'eglot-current-server 20) nil)
      (let ((found (mbml-wait
                    (lambda ()
                      (seq-find (lambda (d) (string-match-p "\\$tpyo" (flymake-diagnostic-text d)))
                                (flymake-diagnostics)))
                    20)))
        (mbml-check "eglot shows the $tpyo diagnostic in Flymake" found
                    (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
      (mbml-goto "$cats[0]" 1)
      (let ((hover nil))
        (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
        (mbml-wait (lambda () hover) 10)
        (mbml-check "a hover on $cats in eglot shows its value"
                    (and hover (string-match-p "Barrett" hover)) hover))
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
      (eglot-shutdown (eglot-current-server)))
  (error (push (format "FAIL the Emacs script ran: %S" failure) mbml-results)))

(with-temp-file (getenv "MBML_RESULT")
  (insert (mapconcat #'identity (reverse mbml-results) "\n") "\n"))
(kill-emacs 0)
