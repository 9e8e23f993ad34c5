/**
 * An e-mail address that breaks, when it must, after its `@` or before a dot, never inside a word
 * (a Russian label beside it leaves little room on a phone).
 */
export function BreakableEmail({ address }: { address: string }) {
  const parts = address.split(/(?=\.)|(?<=@)/u)
  return (
    <span className="email-address">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </span>
  )
}
