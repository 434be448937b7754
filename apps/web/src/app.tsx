import { PLANS } from '@devenv/domain/plans'

// Placeholder shell until the pages arrive: proves the workspace wiring (domain -> web) end to end.
export function App() {
  return (
    <main>
      <h1>AI-Native Development Platform</h1>
      <ul aria-label="Plans">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            {plan.name}: ${plan.price}/month
          </li>
        ))}
      </ul>
    </main>
  )
}
