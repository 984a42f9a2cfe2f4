-- `fortlang lsp` for YAML files, Neovim 0.8 or later: put this in your init.lua (or require it).
-- The server ignores YAML files that are neither card files, manifests nor scenarios.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    local marker = vim.fs.find({ "manifest.yaml", ".git" }, { upward = true, path = vim.fs.dirname(file) })[1]
    vim.lsp.start({
      name = "fortlang",
      cmd = { "fortlang", "lsp" }, -- or the full path of a virtual environment's fortlang
      root_dir = marker and vim.fs.dirname(marker) or vim.fs.dirname(file),
      init_options = { lang = "en" }, -- hovers in en, fr or ru
    })
  end,
})
