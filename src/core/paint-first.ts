/**
 * Paint first, then load the JavaScript (decision 025). The server-rendered page is complete
 * without script, so the browser should draw it before it spends the network and the main
 * thread on hydration. The rendered page names its entry module in
 * `<script type="module" async src>` and its chunks in `<link rel="modulepreload">` in the head;
 * those start downloading (and, on a fast connection, running) before the first frame. This
 * rewrite keeps the same modules and the same nonce but starts them from a small inline script
 * once a frame has been painted: React's chunk is imported, then the entry, then the chunks are
 * preloaded.
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="(\/assets\/[\w./-]+\.js)"[^>]*\/?>/g
const ENTRY = /<script type="module" async="" src="(\/assets\/[\w./-]+\.js)"(?: nonce="([^"]+)")?><\/script>/

/**
 * The chunk of React and React DOM (the browser build's first chunk group, vite.config.ts). The
 * starter evaluates it in a task of its own before the entry's modules: together they were one
 * task of 90-110 ms on a slowed phone CPU, the page's longest after its first paint.
 */
export const REACT_CHUNK = 'react-dom'
const FIRST = new RegExp(`/${REACT_CHUNK}-[\\w-]+\\.js$`)

/** How many chunk preloads the starter adds in one task. */
const PRELOADS_PER_TASK = 3

/**
 * The inline starter: after the next painted frame (or half a second, for hidden tabs) it
 * imports `first` (React's chunk, when the page has it) while the entry downloads, and the entry
 * in the task after `first` has run: each module graph is evaluated in a task of its own. It
 * adds the chunks' preloads in the tasks after the first, a few in each: a preload
 * costs the main thread 0.5–2 ms as it starts its request, more in a freshly started browser
 * (a dozen of them were one long task on a slowed phone CPU), and the chunks are needed only
 * once the entry has run. Until
 * the page is interactive (`html[data-hydrated]`), a click on a link to another page of the
 * site is held in `window.__earlyNavigation` and carried out once it is: the router loses a
 * navigation that starts while the page is still hydrating, and the browser's own navigation is
 * cancelled when hydration writes the history entry. Links within the page work as they are.
 *
 * A form of the site's (`form[data-form]`) sent before its machine runs (`data-live`) is held
 * the same way in `window.__earlySubmit` and the form shows that it is busy; its machine
 * carries it out once it starts (decision 063). When the scripts cannot load, the held form is
 * sent to the server as it is, as without JavaScript: either way exactly once.
 */
export function starterScript(entry: string, preloads: readonly string[], first: string | null = null): string {
  const list = JSON.stringify(preloads)
  const src = JSON.stringify(entry)
  const fallback = `function(){var id=window.__earlySubmit,f=id&&document.querySelector('form[data-form="'+id+'"]');if(f){delete window.__earlySubmit;HTMLFormElement.prototype.submit.call(f)}}`
  // With React's chunk: it is imported (and so evaluated) first, while the entry downloads; the
  // entry is imported in the task after.
  const load = first
    ? `preload(${src});import(${JSON.stringify(first)}).then(function(){return new Promise(function(r){setTimeout(r,0)})}).then(function(){return import(${src})})`
    : `import(${src})`
  return (
    '(function(){var d=document.documentElement;addEventListener("click",function(e){if(d.dataset.hydrated==="true")return;' +
    'var a=e.target&&e.target.closest&&e.target.closest("a[href]");' +
    'if(a&&!e.defaultPrevented&&e.button===0&&!e.metaKey&&!e.ctrlKey&&!e.shiftKey&&!e.altKey&&!a.target&&a.origin===location.origin&&!(a.pathname===location.pathname&&a.search===location.search&&a.hash)){e.preventDefault();e.stopPropagation();window.__earlyNavigation=a.pathname+a.search+a.hash}},true);' +
    'addEventListener("submit",function(e){var f=e.target,id=f&&f.getAttribute&&f.getAttribute("data-form");' +
    'if(!id||f.hasAttribute("data-live")||(e.submitter&&e.submitter.name==="_action"))return;' +
    'e.preventDefault();if(window.__earlySubmit)return;window.__earlySubmit=id;f.setAttribute("aria-busy","true")},true);' +
    'function preload(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)}' +
    'var s=0;function go(){if(s)return;s=1;' +
    `${load}.catch(${fallback});` +
    `var q=${list};function p(){q.splice(0,${PRELOADS_PER_TASK}).forEach(preload);if(q.length)setTimeout(p,0)}setTimeout(p,0)}` +
    'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()'
  )
}

const CHUNK = /\/assets\/[\w.-]+\.js/g

/**
 * The page with its scripts started after the first paint; unchanged when it has no entry
 * script of the expected form (an error page, a change in the framework's markup). With
 * `assets` (chunk address → the same chunk of the page language's build, decision 026) every
 * chunk address in the page, the framework's own data included, names the language's chunk.
 */
export function paintFirst(page: string, assets?: Readonly<Record<string, string>>): string {
  const html = assets ? page.replace(CHUNK, (url) => assets[url] ?? url) : page
  // One pass takes the preloads out and keeps their addresses; the entry is then found once and
  // replaced where it was found (the page is read as few times as the rewrite allows).
  const preloaded = new Set<string>()
  const withoutPreloads = html.replace(MODULEPRELOAD, (_tag, href: string) => {
    preloaded.add(href)
    return ''
  })
  const entry = ENTRY.exec(withoutPreloads)
  if (!entry) return html
  const [tag, src, nonce] = entry as unknown as [string, string, string | undefined]
  const all = [...preloaded].filter((href) => href !== src)
  const first = all.find((href) => FIRST.test(href)) ?? null
  const preloads = all.filter((href) => href !== first)
  const starter = `<script${nonce ? ` nonce="${nonce}"` : ''}>${starterScript(src, preloads, first)}</script>`
  return withoutPreloads.slice(0, entry.index) + starter + withoutPreloads.slice(entry.index + tag.length)
}

/** A link clicked before the page was interactive (see `starterScript`), taken once: its path. */
export function takeEarlyNavigation(): string | null {
  const w = window as Window & { __earlyNavigation?: string }
  const href = w.__earlyNavigation ?? null
  delete w.__earlyNavigation
  return href?.startsWith('/') && !href.startsWith('//') ? href : null
}
