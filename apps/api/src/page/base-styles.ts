/**
 * What every page of the service shares: colours (light and dark), type, the top bar, cards and the
 * footer. Each page appends its own rules and inlines the result as its only stylesheet, admitted by
 * its hash in the page's Content-Security-Policy. System fonts only: a page makes no request of its own.
 */
export const BASE_PAGE_CSS = `
:root{--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;--bg:#f4f5f8;--card:#fff;--ink:#0f172a;--ink-2:#334155;--muted:#64748b;--line:#e2e8f0;--soft:#f1f5f9;--accent:#4f46e5;--accent-soft:#eef2ff;--in:#059669;--out:#e11d48;
--low:#16a34a;--low-bg:#dcfce7;--guarded:#65a30d;--guarded-bg:#ecfccb;--elevated:#d97706;--elevated-bg:#fef3c7;--high:#ea580c;--high-bg:#ffedd5;--severe:#dc2626;--severe-bg:#fee2e2;--info:#64748b;--info-bg:#f1f5f9}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--ink:#e5e7eb;--ink-2:#cbd5e1;--muted:#94a3b8;--line:#1f2937;--soft:#1e293b;--accent:#818cf8;--accent-soft:#1e1b4b;
--low-bg:#052e16;--guarded-bg:#1a2e05;--elevated-bg:#451a03;--high-bg:#431407;--severe-bg:#450a0a;--info-bg:#1e293b}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif}
h1,h2,h3,h4{line-height:1.25;margin:0}
h1{font-size:26px;letter-spacing:-.01em}
h2{font-size:18px;margin-bottom:14px;display:flex;align-items:center;gap:8px}
h3{font-size:15px}
h4{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:14px 0 6px}
p{margin:0}
ul{margin:0;padding-left:20px}
code,pre{font-family:var(--mono)}
.wrap{max-width:1120px;margin:0 auto;padding:0 20px}
.muted{color:var(--muted)}
.small{font-size:13px}
.count{font-size:12px;font-weight:600;color:var(--muted);background:var(--soft);border-radius:999px;padding:2px 9px}
.topbar{background:#0f172a;color:#e2e8f0}
.topbar .wrap{display:flex;align-items:center;gap:8px 12px;min-height:56px;flex-wrap:wrap;padding-top:10px;padding-bottom:10px}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:17px;color:#fff;letter-spacing:-.01em}
.brand svg{width:24px;height:24px}
.topbar .kind{color:#94a3b8;font-size:14px}
main.wrap{display:grid;gap:20px;padding-top:24px;padding-bottom:40px}
.card{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:22px;box-shadow:0 1px 2px rgba(15,23,42,.05)}
footer.wrap{padding-bottom:40px;color:var(--muted);font-size:13px;display:grid;gap:4px}
footer code{overflow-wrap:anywhere}
@media (max-width:640px){body{font-size:14.5px}.wrap{padding:0 12px}.card{padding:16px;border-radius:12px}main.wrap{gap:14px;padding-top:14px}h1{font-size:22px}}
@media print{body{background:#fff}.card{box-shadow:none;break-inside:avoid}.topbar{background:#fff;color:#000}.topbar .brand{color:#000}}
`;
