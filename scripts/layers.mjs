// The house's layers (decision 114): each folder imports only the layers below it, features never
// import one another, and nothing imports across folders by a relative path. This table is the one
// place the rule is written. From it, `npm run layers` writes
// - the import rules of biome.json (`noRestrictedImports`, one set per folder), which `npm run lint`
//   enforces, and
// - the diagram of docs/architecture.md,
// and a test checks that both are what the table says now.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * From the bottom up. `folders` are where a layer's files are (biome `includes`), `imports` the
 * specifiers that name them. A layer may import the layers below it, and `alsoImports` besides.
 */
export const LAYERS = [
  {
    name: 'Base',
    says: 'statecharts and rules, configuration, generated messages, long texts',
    folders: ['machines/**', 'app.config.ts', 'app.constants.ts', 'src/paraglide/**', 'src/content/**'],
    imports: ['#machines/**', '#config', '#constants', '#app/paraglide/**', '#app/content/**'],
    // machines/ has a stricter rule of its own (nothing of the site nor its frameworks); the
    // generated messages are not linted. What is checked here is the long texts.
    checked: ['src/content/**'],
  },
  {
    name: 'Api',
    says: "the backend's contract: schemas, client, errors",
    folders: ['src/api/**'],
    imports: ['#app/api/**'],
  },
  {
    name: 'Core',
    says: 'groundwork: locale, cookies, session and auth, site context, request facts, toasts, the data layer',
    folders: ['src/core/**'],
    imports: ['#app/core/**'],
  },
  {
    name: 'Ui',
    says: 'shared presentational pieces: dialogs, toaster, fields, flag, text, gallery',
    folders: ['src/ui/**'],
    imports: ['#app/ui/**'],
  },
  {
    name: 'Features',
    says: 'account, premium, marketing: each stands alone',
    features: ['account', 'premium', 'marketing'],
  },
  {
    name: 'Frame',
    says: 'header, footer, hosts, consent, legal pages, the no-JavaScript forms: composes features',
    folders: ['src/site/**', 'src/forms/**'],
    imports: ['#app/site/**', '#app/forms/**'],
  },
  {
    name: 'Routes',
    says: 'file routes and the router: compose features and the frame',
    folders: ['src/routes/**', 'src/router.tsx', 'src/client.tsx', 'src/client-react.ts'],
    imports: ['#app/routes/**', '#app/router.tsx', '#app/client.tsx', '#app/client-react.ts', '#app/routeTree.gen.ts'],
    alsoImports: ['Server'],
  },
]

/** Beside the layers: the server entry, which renders the router and uses what is under it. */
export const SERVER = {
  name: 'Server',
  says: 'request entry by job: cache, headers, render limit',
  folders: ['src/server/**', 'src/server.ts'],
  imports: ['#app/server/**', '#app/server.ts'],
  uses: ['Base', 'Api', 'Core'],
  /** It renders the router: the one file of Routes it names. */
  alsoNames: ['#app/router.tsx'],
}

const COMPONENT_RULES = [
  {
    group: ['#app/api/client.ts', '#app/api/lazy.ts', '#app/core/use-api.ts'],
    message:
      "A component sends events and renders state: calls to the backend live in a feature's effects (*.effects.ts) or a server function (*.functions.ts).",
  },
  { group: ['#app/server/**'], message: 'Node-only server code never reaches a component.' },
]
const ROUTE_RULES = [
  {
    group: ['#app/api/client.ts', '#app/api/lazy.ts', '#app/core/use-api.ts'],
    message:
      'Routes stay thin: a route names its page, guard and loader and asks features and server functions (a server route hands its request to src/server), never the backend client.',
  },
]
const RELATIVE_RULE = {
  group: ['../**'],
  message: "Across folders a module is named by its alias ('#app/…'), never by a relative path up the tree.",
}

const featureImports = (feature) => [`#app/features/${feature}/**`]

/** Every folder of the house with what it must not import, and why. */
export function folderRules() {
  const rules = []
  const below = []
  for (const layer of LAYERS) {
    const above = (index) => LAYERS.slice(index + 1).flatMap((upper) => (upper.features ? upper.features.flatMap(featureImports) : upper.imports))
    const index = LAYERS.indexOf(layer)
    const server = layer.alsoImports?.includes('Server') ? [] : SERVER.imports
    if (layer.features) {
      for (const feature of layer.features) {
        rules.push({
          name: `features/${feature}`,
          folders: [`src/features/${feature}/**`],
          forbidden: [
            {
              group: layer.features.filter((other) => other !== feature).flatMap(featureImports),
              message: `A feature never imports another feature: where two meet, the route or the frame hands one to the other, or the shared fact moves down to src/core (decision 114).`,
            },
            {
              group: [...above(index), ...server],
              message: `src/features/${feature} imports only the layers below it: ui, core, api and the base (decision 114).`,
            },
          ],
        })
      }
    } else {
      const forbidden = [...above(index), ...server]
      rules.push({
        name: layer.name,
        folders: layer.checked ?? layer.folders,
        forbidden:
          forbidden.length === 0
            ? []
            : [
                {
                  group: forbidden,
                  message: `${layer.name} imports only the layers below it${below.length ? `: ${[...below].reverse().join(', ')}` : ''} (decision 114).`,
                },
              ],
      })
    }
    below.push(layer.name)
  }
  const serverForbidden = LAYERS.filter((layer) => !SERVER.uses.includes(layer.name)).flatMap((layer) =>
    layer.features ? layer.features.flatMap(featureImports) : layer.imports.filter((x) => !SERVER.alsoNames.includes(x)),
  )
  rules.push({
    name: SERVER.name,
    folders: SERVER.folders,
    forbidden: [
      {
        group: serverForbidden,
        message: 'The server uses the base, the api and core, and renders the router: it knows no page, feature nor frame (decision 114).',
      },
    ],
  })
  return rules
}

const restricted = (patterns) => ({ style: { noRestrictedImports: { level: 'error', options: { patterns } } } })

/** The biome overrides that enforce the layers: per folder, one for all its modules and one for its components. */
export function biomeOverrides() {
  const overrides = []
  for (const rule of folderRules()) {
    const routes = rule.name === 'Routes'
    const base = [...rule.forbidden, RELATIVE_RULE, ...(routes ? ROUTE_RULES : [])]
    overrides.push({ includes: [...rule.folders, '!**/*.stories.tsx'], linter: { rules: restricted(base) } })
    const components = rule.folders
      .filter((folder) => folder.endsWith('/**') || folder.endsWith('.tsx'))
      .map((folder) => (folder.endsWith('/**') ? `${folder}/*.tsx` : folder))
    if (components.length > 0 && rule.name !== 'Server') {
      overrides.push({ includes: [...components, '!**/*.stories.tsx'], linter: { rules: restricted([...base, ...COMPONENT_RULES]) } })
    }
  }
  return overrides
}

const isLayerOverride = (override) => Boolean(override.linter?.rules?.style?.noRestrictedImports) && !override.includes.includes('machines/**')

/** biome.json with its layer overrides as the table says (right after the machines' own rule). */
export function biomeConfig(text) {
  const config = JSON.parse(text)
  const kept = config.overrides.filter((override) => !isLayerOverride(override))
  const at = kept.findIndex((override) => override.includes.includes('machines/**')) + 1
  config.overrides = [...kept.slice(0, at), ...biomeOverrides(), ...kept.slice(at)]
  return `${JSON.stringify(config, null, 2)}\n`
}

/** The layers as a Mermaid diagram, top layer first, arrows pointing down to what a layer may import. */
export function layersDiagram() {
  const lines = ['flowchart TB']
  const id = (name) => name.toLowerCase()
  const top = [...LAYERS].reverse()
  for (const layer of top) {
    if (layer.features) {
      lines.push(`  subgraph features["Features: ${layer.says}"]`, '    direction LR')
      for (const feature of layer.features) lines.push(`    ${feature}["src/features/${feature}"]`)
      lines.push('  end')
    } else {
      lines.push(`  ${id(layer.name)}["${layer.name}: ${layer.says}<br/>${layer.folders.join(', ')}"]`)
    }
  }
  lines.push(`  ${id(SERVER.name)}["${SERVER.name}: ${SERVER.says}<br/>${SERVER.folders.join(', ')}"]`)
  for (let i = top.length - 1; i > 0; i--) {
    const from = top[i - 1].features ? 'features' : id(top[i - 1].name)
    const to = top[i].features ? 'features' : id(top[i].name)
    lines.push(`  ${from} --> ${to}`)
  }
  lines.push(`  routes --> ${id(SERVER.name)}`)
  lines.push(`  ${id(SERVER.name)} -.->|renders the router| routes`)
  for (const used of SERVER.uses) lines.push(`  ${id(SERVER.name)} --> ${id(used)}`)
  return lines.join('\n')
}

const START = '<!-- layers: generated by `npm run layers` from scripts/layers.mjs -->'
const END = '<!-- /layers -->'

/** docs/architecture.md with its diagram as the table says. */
export function architectureDoc(text) {
  const from = text.indexOf(START)
  const to = text.indexOf(END)
  if (from < 0 || to < 0) throw new Error('docs/architecture.md has no layers block')
  return `${text.slice(0, from + START.length)}\n\`\`\`mermaid\n${layersDiagram()}\n\`\`\`\n${text.slice(to)}`
}

export const BIOME_FILE = new URL('../biome.json', import.meta.url)
export const ARCHITECTURE_FILE = new URL('../docs/architecture.md', import.meta.url)

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(BIOME_FILE, biomeConfig(readFileSync(BIOME_FILE, 'utf8')))
  // Written as biome writes its own configuration.
  execFileSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), ['format', '--write', fileURLToPath(BIOME_FILE)], { stdio: 'ignore' })
  writeFileSync(ARCHITECTURE_FILE, architectureDoc(readFileSync(ARCHITECTURE_FILE, 'utf8')))
  console.log('biome.json and docs/architecture.md follow scripts/layers.mjs')
}
