/**
 * The page's only script, inlined and admitted by its hash. Everything it does is an extra: without
 * it every tool, schema and example is on the page (the search box stays hidden, there being nothing
 * to run it). It shows the search box and filters the tools as one types, adds a copy button to each
 * example, and opens every tool's details for printing.
 */
export const AGENTS_PAGE_SCRIPT = `
(function () {
  'use strict';
  var all = function (selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); };
  var search = document.getElementById('tool-search');
  var status = document.getElementById('search-status');
  var tools = all('[data-tool]');
  var families = all('[data-family]');
  var noMatch = document.getElementById('no-match');

  function filter() {
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    tools.forEach(function (tool) {
      var text = tool.getAttribute('data-search');
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      tool.hidden = !match;
      if (match) shown += 1;
    });
    families.forEach(function (family) { family.hidden = !family.querySelector('[data-tool]:not([hidden])'); });
    noMatch.hidden = shown !== 0;
    status.textContent = words.length ? shown + ' of ' + tools.length + (tools.length === 1 ? ' tool' : ' tools') + ' match' : '';
  }
  document.getElementById('search').hidden = false;
  search.addEventListener('input', filter);
  search.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { search.value = ''; filter(); }
  });
  if (search.value) filter();

  all('.snippet').forEach(function (snippet) {
    var pre = snippet.querySelector('pre');
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy: ' + snippet.getAttribute('data-label'));
    button.addEventListener('click', function () {
      var done = function (text) { button.textContent = text; setTimeout(function () { button.textContent = 'Copy'; }, 1600); };
      var select = function () {
        var range = document.createRange();
        range.selectNodeContents(pre);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        done('Selected');
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(pre.textContent).then(function () { done('Copied'); }, select);
      else select();
    });
    snippet.appendChild(button);
  });

  var closed = [];
  window.addEventListener('beforeprint', function () {
    closed = all('details:not([open])');
    closed.forEach(function (details) { details.open = true; });
  });
  window.addEventListener('afterprint', function () {
    closed.forEach(function (details) { details.open = false; });
    closed = [];
  });
})();
`;
