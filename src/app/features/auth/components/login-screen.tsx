import { AuthLayout } from './auth-layout'
import { LoginForm } from './login-form'

/**
 * The login screen as it looks: the route `/` draws it in the app, and the build renders it to the static login
 * page (decision 099), so both come from these components.
 */
export function LoginScreen() {
  return (
    <AuthLayout title="Welcome back" description="Log in to manage your sales, payments and wallet.">
      <LoginForm />
    </AuthLayout>
  )
}
