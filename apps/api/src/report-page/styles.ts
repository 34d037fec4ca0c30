import { BASE_PAGE_CSS } from '../page/base-styles.js';

/**
 * The saved report's only stylesheet, inlined: the shared page rules and the report's own. Its hash
 * goes into the Content-Security-Policy (REPORT_PAGE_CSP), so the page needs no 'unsafe-inline' and
 * any style injected through report data would not apply.
 */
export const REPORT_PAGE_CSS = `${BASE_PAGE_CSS}.topbar .unlisted{margin-left:auto;font-size:12px;color:#cbd5e1;border:1px solid #334155;border-radius:999px;padding:3px 10px}
.hero{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:'head score' 'summary score';gap:0 28px;align-items:center}
.hero-head{grid-area:head;align-self:end}.hero .summary{grid-area:summary;align-self:start}.score-box{grid-area:score}
.eyebrow{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);margin-bottom:6px}
.address{font-family:var(--mono);font-size:15px;color:var(--ink-2);overflow-wrap:anywhere;margin-top:6px}
.chips{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px;margin:14px 0}
.chip{display:inline-block;font-size:12.5px;padding:3px 10px;border-radius:999px;background:var(--soft);color:var(--ink-2);border:1px solid var(--line)}
.status-live{background:var(--low-bg);color:var(--low);border-color:transparent}
.status-partial{background:var(--elevated-bg);color:var(--elevated);border-color:transparent}
.status-demo{background:var(--accent-soft);color:var(--accent);border-color:transparent}
.summary{font-size:16px;max-width:70ch}
.score-box{display:flex;flex-direction:column;align-items:center;gap:4px;text-align:center;min-width:180px}
.score-text{display:grid;gap:2px}
.gauge{width:148px;height:148px}
.gauge-track{fill:none;stroke:var(--soft);stroke-width:12}
.gauge-arc{fill:none;stroke:currentColor;stroke-width:12;stroke-linecap:round}
.gauge-score{font-size:40px;font-weight:700;fill:var(--ink)}
.gauge-max{font-size:12px;fill:var(--muted)}
.risk-label{font-weight:700;font-size:16px;color:currentColor}
.risk-low{color:var(--low)}.risk-guarded{color:var(--guarded)}.risk-elevated{color:var(--elevated)}.risk-high{color:var(--high)}.risk-severe{color:var(--severe)}
.score-box .muted{color:var(--muted)}
.flags{display:grid;gap:12px}
.flag{border:1px solid var(--line);border-left:4px solid var(--sev);border-radius:10px;padding:16px 18px}
.sev-info{--sev:var(--info);--sev-bg:var(--info-bg)}.sev-low{--sev:var(--low);--sev-bg:var(--low-bg)}.sev-medium{--sev:var(--elevated);--sev-bg:var(--elevated-bg)}.sev-high{--sev:var(--high);--sev-bg:var(--high-bg)}.sev-critical{--sev:var(--severe);--sev-bg:var(--severe-bg)}
.flag-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;margin-bottom:8px}
.flag-head h3{margin-right:auto}
.badge{font-size:12px;font-weight:700;border-radius:6px;padding:2px 8px;background:var(--sev-bg);color:var(--sev)}
.weight{font-size:13px;font-weight:600;color:var(--ink-2);font-variant-numeric:tabular-nums}
.evidence{list-style:none;padding:0;display:grid;gap:8px}
.evidence li{background:var(--soft);border-radius:8px;padding:8px 10px;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline}
.evidence-kind{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.hash{font-size:12.5px;overflow-wrap:anywhere;color:var(--ink)}
.evidence-detail{flex-basis:100%;font-size:14px;color:var(--ink-2)}
.limits{margin-top:10px;font-size:14px;color:var(--ink-2)}
.limits summary{cursor:pointer;color:var(--muted);font-size:13px}
.section-title{margin:4px 0 12px}
.charts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:20px}
.chart-card{margin:0;display:flex;flex-direction:column;gap:8px}
.chart-card figcaption{display:grid;gap:2px;margin-bottom:4px}
.chart-unit{font-size:12px;font-weight:600;color:var(--muted);margin-top:4px}
.key{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 0;vertical-align:-1px}
.key-in{background:var(--in)}.key-out{background:var(--out);margin-left:8px}
.chart{display:block;width:100%;height:auto;max-width:560px;margin:0 auto;overflow:visible}
.chart text{font-size:11px;fill:var(--muted)}
.chart .grid{stroke:var(--line);stroke-width:1}
.chart .axis{stroke:var(--muted);stroke-width:1}
.chart .line{fill:none;stroke:var(--accent);stroke-width:2;stroke-linejoin:round}
.chart .area{fill:var(--accent);fill-opacity:.1}
.chart .marker{fill:var(--accent);stroke:var(--card);stroke-width:1}
.chart .hit{fill:transparent}
.chart .bar-in{fill:var(--in)}.chart .bar-out{fill:var(--out)}
.chart .track{fill:var(--soft)}
.chart .tone-accent{fill:var(--accent)}.chart .tone-alert{fill:var(--out)}
.chart .unscaled{stroke:var(--line);stroke-dasharray:3 4}
.chart .bar-label{fill:var(--ink);font-size:12px}
.chart .bar-value{fill:var(--ink-2);font-size:12px;font-weight:600}
.chart .chart-empty{font-size:13px}
.table-scroll{overflow-x:auto}
table.flows{width:100%;border-collapse:collapse;font-size:14px}
.flows th,.flows td{text-align:left;padding:9px 10px;border-bottom:1px solid var(--line);vertical-align:top;white-space:nowrap}
.flows th{font-size:11.5px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:600}
.flows .num{text-align:right;font-variant-numeric:tabular-nums}
.cell-label{display:none;color:var(--muted);font-size:12px}
.flows tbody tr:hover{background:var(--soft)}
.dir{font-size:12px;font-weight:700;border-radius:6px;padding:2px 8px}
.dir-in{background:var(--low-bg);color:var(--low)}.dir-out{background:var(--severe-bg);color:var(--severe)}.dir-self{background:var(--soft);color:var(--muted)}
.tag{display:inline-block;font-size:11.5px;border-radius:6px;padding:1px 7px;margin:0 4px 2px 0;background:var(--high-bg);color:var(--high);font-family:var(--mono)}
.findings{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px;margin:0}
.finding{background:var(--soft);border-radius:10px;padding:12px 14px;min-width:0;overflow-wrap:anywhere}
.finding dt{font-size:12px;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.04em}
.finding dd{margin:4px 0 0;font-size:16px;font-weight:600;display:grid;gap:2px}
.finding dd .small{font-weight:400}
.ai h3{margin:14px 0 6px}.ai p+p{margin-top:8px}
.facts{display:grid;gap:10px;margin:0 0 18px}
.facts div{display:grid;grid-template-columns:140px minmax(0,1fr);gap:12px}
.facts dt{color:var(--muted);font-size:14px}.facts dd{margin:0}
.notes{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:20px}
.notes h3{margin-bottom:6px}.notes li{margin-bottom:4px;color:var(--ink-2)}
@media (max-width:820px){.charts{grid-template-columns:minmax(0,1fr)}.notes{grid-template-columns:minmax(0,1fr)}}
@media (max-width:640px){
.hero{grid-template-columns:minmax(0,1fr);grid-template-areas:'head' 'score' 'summary'}.score-box{flex-direction:row;text-align:left;gap:14px;margin-bottom:14px;min-width:0}
.score-box .gauge{width:88px;height:88px}.topbar .unlisted{margin-left:0}
.chart text{font-size:13px}.chart .bar-label,.chart .bar-value{font-size:13px}
.flows thead{display:none}.flows tbody{display:grid}.flows tr{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:3px 12px;padding:10px 0;border-bottom:1px solid var(--line)}
.flows td{display:block;border:0;padding:0;white-space:normal}
.flows .c-time{grid-area:1/1;color:var(--muted);font-size:13px}.flows .c-dir{grid-area:1/2;justify-self:end}
.flows .c-asset{grid-area:2/1}.flows .c-amount{grid-area:2/2;font-weight:600}
.flows .c-party{grid-area:3/1;font-size:13px}.flows .c-tx{grid-area:3/2;font-size:13px;text-align:right}
.flows .c-flags{grid-column:1/-1}.flows .c-flags.none{display:none}.flows .cell-label{display:inline}
.facts div{grid-template-columns:minmax(0,1fr);gap:2px}}
`;

