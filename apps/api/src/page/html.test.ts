import { escapeHtml, html, trusted } from './html.js';

test('every interpolated string is escaped, for content and attributes alike', () => {
  const evil = `"><script>alert('x')</script>&`;
  expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
    '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
  );
  expect(escapeHtml('a & b')).toBe('a &amp; b');
});

test('nested templates and trusted markup are kept; arrays join; null, undefined and false vanish; numbers print', () => {
  const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
  expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}${trusted('<br>')}`.value).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>0<br>');
});
