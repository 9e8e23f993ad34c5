/** The part of docs/flows/README.md about the JSON and SCXML files and `--diff` (scripts/flows.ts `indexPage` writes it). */

/** The table cell linking a machine's JSON and SCXML files. */
export function exportLinks(name: string): string {
  return `[json](${name}.json), [scxml](${name}.scxml)`
}

export const EXPORTS_README = `## Opening a machine in Stately's editor

\`<machine>.json\` is the machine's definition as xstate serializes it (\`machine.toJSON()\`),
every guard, action and actor by its name, with what \`createMachine(json)\` needs to rebuild
it: the initial state by its key (xstate 5 writes an object that \`createMachine\` cannot read
back) and the eventless \`always\` transitions (which \`toJSON()\` leaves out); see
\`scripts/flows/export.ts\`. The tests in \`tests/machines/flows-export/\` rebuild each machine from
its file and check it has the same states and transitions as the machine the site runs.

Stately's editor imports code, not files (https://stately.ai/docs/import-from-code):

1. In a project on https://stately.ai, create a machine (**New machine** in the machines list)
   and choose **Import**; or use **Machine > Import** in the editor to replace the machine open there.
2. Type \`createMachine(\`, paste the whole JSON file, close with \`)\`, and import.

The import keeps the states (nesting, initial, parallel and final states), the transitions with
their events, targets and guard names, the actions by name on transitions, on entry and on exit,
the invoked actors (\`id\` and \`src\`), and the tags. It drops what is code, which the file does
not hold: the implementations of guards, actions and actors, the context and its factory, the
machine's \`input\`, the params that functions compute, the types. An invoked actor's outcomes are
events with xstate's own names (\`xstate.done.actor.createPayment\`, \`xstate.error.actor.createPayment\`),
as \`toJSON()\` records them, so the editor shows them as ordinary events, not as the invoke's
done and error. The other keys (\`key\`, \`order\`, \`source\`, \`eventType\`, \`reenter\`) are xstate's
bookkeeping. These steps follow Stately's documentation; no test here reaches the site.

Do not paste \`machines/*.ts\` instead. The import reads only literal configuration: the machines
share transitions through constants (\`choose\`, \`paymentFailed\`, \`afterCheck\` in
\`machines/payment.ts\`) and build their actors by spreading objects, which Stately's code
extraction does not follow (statelyai/xstate-tools#501 reports it for states kept in other
modules), so transitions would go missing without an error. stately.ai/viz is
Stately's older visualizer, made for XState v4 (guards were \`cond\` there): use the editor.

For a quick look without an account, the \`.mmd\` files render in any Mermaid viewer
(GitHub renders them in a \`mermaid\` code block).

## SCXML

\`<machine>.scxml\` is the same definition in W3C SCXML (https://www.w3.org/TR/scxml/), for tools
that read SCXML. It is written from the JSON (\`scripts/flows/scxml.ts\`):

- The machine is the top \`<state>\` (\`<parallel>\` for a parallel machine) with the machine's id,
  named by \`<scxml initial>\`, so the transitions taken in any state have a place. Compound states
  nest as \`<state>\` with an \`initial\` attribute, parallel ones are \`<parallel>\`, final ones \`<final>\`,
  history ones \`<history>\` holding their default state.
- Ids are xstate's state ids, such as \`payment.paying.confirming\`: an SCXML id is an \`xsd:ID\`
  (an XML NCName), where letters, digits, \`.\`, \`-\` and \`_\` are allowed; any other character
  would become \`_\` (none does), and two states with one id stop \`npm run flows\`.
- \`<transition event cond target>\`: \`event\` is xstate's event type. An \`always\` transition has
  no \`event\`; an invoked actor's outcomes are \`xstate.done.actor.<id>\` and \`xstate.error.actor.<id>\`
  (not SCXML's own \`done.invoke.<id>\`), a compound state's completion \`xstate.done.state.<state id>\`,
  a delay \`xstate.after.<ms>.<state id>\` (with its timer: a \`<send delay="<ms>ms">\` on entry and a
  \`<cancel>\` on exit). \`cond\` is the guard's name (\`and(a, not(b))\` for a combined guard);
  \`target\` lists the target ids; \`type="internal"\` marks a transition that reaches a child without
  leaving its state (xstate's default).
- Actions are named placeholders, in order: \`<script>/* assignImage */</script>\` in \`<onentry>\`,
  \`<onexit>\` and transitions. \`<invoke id src>\` names the actor as \`setup\` does.

Guards and actions are names, not code: the file describes the graph. A tool that runs it runs
no effect and takes no guarded transition.

## Flow changes for review

\`npm run flows -- --diff REF\` prints in Markdown, per machine, what changed between the git ref
\`REF\` (\`HEAD~1\`, \`main\`, a tag) and the working tree: states added or removed, a state's initial
state, entry and exit actions or invoked actors changed, transitions added, removed or changed
(event, guard, target, actions), and guarded alternatives tried in a new order. It compares
definitions: the working tree's from the machines, REF's from its committed
\`docs/flows/<machine>.json\` files, which are the record (a machine without one at REF counts as
all added). With nothing changed it prints one line, \`No flow changes since REF.\`; it writes no
file. CI prints it for the last commit when that commit changed \`machines/\`.
`
