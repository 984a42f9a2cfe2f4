-- Neovim 0.7 (Debian 12): vim.lsp.start_client; from 0.8 on, vim.lsp.start (docs/editors.md).
vim.o.termguicolors = true
vim.o.number = true
vim.o.signcolumn = "yes"
vim.cmd("syntax on")
vim.cmd("colorscheme default")
vim.cmd("highlight NormalFloat guibg=#303446 guifg=#e6e6e6")
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    local id = vim.lsp.start_client({
      name = "fortlang",
      cmd = { os.getenv("FORTLANG") or "fortlang", "lsp" },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
