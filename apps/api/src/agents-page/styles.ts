import { BASE_PAGE_CSS } from '../page/base-styles.js';

/** The /agents page's only stylesheet: the shared page rules and its own, inlined and admitted by its hash. */
export const AGENTS_PAGE_CSS = `${BASE_PAGE_CSS}[hidden]{display:none!important}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:8px;background:var(--card);color:var(--ink);padding:8px 12px;border-radius:8px;z-index:1}
.skip:focus{left:12px}
.eyebrow{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);margin-bottom:6px}
.intro .lead{font-size:16px;max-width:75ch;margin-top:10px;color:var(--ink-2)}
.facts{list-style:none;padding:0;margin:16px 0 0;display:flex;flex-wrap:wrap;gap:8px}
.facts li{background:var(--soft);border:1px solid var(--line);border-radius:999px;padding:4px 12px;font-size:13px;color:var(--ink-2)}
.facts strong{color:var(--ink)}
.steps{margin:0;padding-left:20px;display:grid;gap:6px;color:var(--ink-2)}
.start{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:24px}
.start h3{margin-bottom:8px}
.docs{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px}
.docs li{border:1px solid var(--line);border-radius:10px;padding:10px 12px;display:grid;gap:2px;align-content:start;min-width:0}
.docs a{font-weight:600;text-decoration:none}.docs a:hover{text-decoration:underline}
.docs .url{font-family:var(--mono);font-size:12px;color:var(--muted);overflow-wrap:anywhere}
.docs .about{font-size:13.5px;color:var(--ink-2)}
.method{font-family:var(--mono);font-size:11px;font-weight:700;border-radius:5px;padding:1px 6px;margin-right:6px;background:var(--soft);color:var(--muted);vertical-align:1px}
.method-post{background:var(--accent-soft);color:var(--accent)}
.catalog{display:grid;gap:20px}
.catalog-head{display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px;position:sticky;top:0;z-index:2;background:var(--bg);padding:12px 0;border-bottom:1px solid var(--line)}
.catalog-head h2{margin:0}
.search{display:flex;align-items:center;gap:10px;flex:1 1 300px;max-width:520px;margin-left:auto}
.search label{font-size:13px;font-weight:600;color:var(--ink-2);white-space:nowrap}
.search input{font:inherit;width:100%;padding:9px 12px;border:1px solid var(--line);border-radius:10px;background:var(--card);color:var(--ink)}
.search-status{font-size:13px;color:var(--muted);flex-basis:100%;margin:0;text-align:right}
.search-status:empty{display:none}
.family h2 .count{font-weight:600}
.family-about{color:var(--muted);font-size:14px;margin:-8px 0 14px}
.tools{display:grid;gap:12px}
.tool{border:1px solid var(--line);border-radius:12px;padding:16px 18px;display:grid;gap:8px;min-width:0}
.tool-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 12px}
.tool-head h3{font-size:16px;margin-right:auto}
.price{font-weight:700;font-variant-numeric:tabular-nums;color:var(--low);background:var(--low-bg);border-radius:999px;padding:2px 10px;font-size:13.5px;white-space:nowrap}
.tool .description{color:var(--ink-2);max-width:90ch}
.meta{display:flex;flex-wrap:wrap;gap:6px 22px;margin:0;font-size:13px}
.meta div{display:flex;gap:6px;align-items:baseline;min-width:0}
.meta dt{color:var(--muted)}.meta dd{margin:0;overflow-wrap:anywhere}
.tool details{border-top:1px solid var(--line);padding-top:8px;margin-top:2px}
.tool summary{cursor:pointer;font-weight:600;color:var(--accent);font-size:14px}
.examples{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:0 18px}
.examples>div{min-width:0}.examples>.wide{grid-column:1/-1}.wide pre{max-height:none}
.snippet{position:relative}
pre{margin:0;background:var(--soft);border:1px solid var(--line);border-radius:8px;padding:10px 12px;overflow:auto;max-height:420px;font-size:12.5px;line-height:1.5;tab-size:2}
.copy{position:absolute;top:6px;right:6px;font:600 12px/1 system-ui,sans-serif;padding:5px 9px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--ink-2);cursor:pointer}
.copy:hover{color:var(--accent);border-color:var(--accent)}
.note{font-size:13px;color:var(--muted);margin-top:6px}
.no-match{color:var(--muted)}
@media (max-width:820px){.start,.examples{grid-template-columns:minmax(0,1fr)}.search{margin-left:0;max-width:none}}
@media (max-width:640px){.meta div{flex-direction:column;gap:0}.tool{padding:14px}}
@media print{.catalog-head{position:static;border:0}.search,.search-status,.copy,.skip{display:none!important}.tool{break-inside:avoid}pre{max-height:none;overflow:visible;white-space:pre-wrap;overflow-wrap:anywhere}a{color:inherit}.docs .url{color:#000}}
`;
