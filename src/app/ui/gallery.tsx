import { type ReactNode, useState } from 'react'
import { Grid, HStack, Stack, Wrap } from 'styled-system/jsx'
import { css } from 'styled-system/css'
import { StatusBadge } from './badge'
import { Button, IconButton } from './button'
import { Card } from './card'
import { CopyButton } from './copy-button'
import { DateFilter, type DateFilterValue } from './date-filter'
import { ConfirmDialog, InfoDialog, type InfoTone } from './dialog'
import { EmptyState } from './empty-state'
import { AmountInput, Field, Input, PhoneInput, Select, Textarea } from './field'
import { ICON_NAMES, Icon } from './icon'
import { Money } from './money'
import { PageHeader } from './page'
import { OtpInput, PinInput } from './pin-input'
import { Sheet } from './sheet'
import { Skeleton } from './skeleton'
import { Spinner } from './spinner'
import { notify } from './toast'

const STATUSES =
  'success paid fulfilled active pending partially-paid refund-pending failed refund-failed abandoned inactive refunded overpayment UNKNOWN_STATUS'.split(
    ' ',
  )

const caption = css({ textStyle: 'caption', color: 'fg.muted' })
const page = css({ maxW: '60rem', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '4', md: '8' } })
const iconCell = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1', color: 'fg.default' })

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <span className={caption}>{label}</span>
      <Wrap gap="3" align="center">
        {children}
      </Wrap>
    </Stack>
  )
}

/** Every UI kit component in its states, for review and screenshots (mounted at a dev-only route). */
export function Gallery() {
  const [phone, setPhone] = useState('0803')
  const [amount, setAmount] = useState('1500.50')
  const [pin, setPin] = useState('12')
  const [otp, setOtp] = useState('')
  const [filter, setFilter] = useState<DateFilterValue>({ duration: 'TODAY' })
  const [sheetOpen, setSheetOpen] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [confirmLoading, setConfirmLoading] = useState(false)
  const [info, setInfo] = useState<InfoTone | null>(null)

  function proceed() {
    setConfirmLoading(true)
    setTimeout(() => {
      setConfirmLoading(false)
      setConfirmOpen(false)
      notify.success('Transaction marked as POS')
    }, 1200)
  }

  return (
    <main className={page}>
      <PageHeader
        title="UI kit"
        description="Every component in its states."
        actions={
          <>
            <Button variant="outline" onClick={() => setSheetOpen(true)}>
              Open sheet
            </Button>
            <Button onClick={() => setConfirmOpen(true)}>Confirm</Button>
          </>
        }
      />
      <Stack gap="4">
        <Card title="Buttons" action={<Button variant="ghost" size="sm">View all</Button>}>
          <Row label="Variants">
            <Button>Solid</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="danger">Danger</Button>
          </Row>
          <Row label="Sizes, loading, disabled">
            <Button size="sm">Small</Button>
            <Button size="lg">Large</Button>
            <Button loading>Send money</Button>
            <Button variant="outline" loading>
              Save
            </Button>
            <Button disabled>Disabled</Button>
          </Row>
          <Row label="Icon buttons">
            <IconButton label="Open menu" icon="menu" />
            <IconButton label="Refresh" icon="refresh" variant="outline" />
            <IconButton label="Add" icon="plus" variant="solid" size="sm" />
          </Row>
          <Button fullWidth size="lg">
            Full width
          </Button>
        </Card>

        <Card title="Status badges">
          <Wrap gap="2">
            {STATUSES.map((status) => (
              <StatusBadge key={status} status={status} />
            ))}
          </Wrap>
        </Card>

        <Card title="Fields">
          <Grid columns={{ base: 1, md: 2 }} gap="4">
            <Field label="Business name" helper="As it appears on your CAC certificate" required>
              <Input placeholder="Ada's Kitchen" />
            </Field>
            <Field label="Email" error="Enter a valid email.">
              <Input type="email" defaultValue="ada@" />
            </Field>
            <Field label="Phone number">
              <PhoneInput value={phone} onChange={setPhone} />
            </Field>
            <Field label="Amount" helper={<>Balance: <Money kobo={2500000} /></>}>
              <AmountInput value={amount} onChange={setAmount} />
            </Field>
            <Field label="Bank">
              <Select defaultValue="">
                <option value="" disabled>
                  Select a bank
                </option>
                <option value="058">Guaranty Trust Bank</option>
                <option value="044">Access Bank</option>
              </Select>
            </Field>
            <Field label="Account number" disabled>
              <Input defaultValue="0123456789" />
            </Field>
            <Field label="Narration">
              <Textarea placeholder="Optional" />
            </Field>
          </Grid>
        </Card>

        <Card title="PIN and OTP">
          <Grid columns={{ base: 1, md: 2 }} gap="6">
            <PinInput label="Transaction PIN" value={pin} onChange={setPin} />
            <OtpInput label="Verification code" value={otp} onChange={setOtp} invalid={otp.length === 6} />
          </Grid>
        </Card>

        <Card title="Date filter">
          <DateFilter value={filter} onChange={setFilter} />
          <span className={caption}>{JSON.stringify(filter)}</span>
        </Card>

        <Card title="Money and copy">
          <Stack gap="3">
            <span className={css({ textStyle: 'amount.lg' })}>
              <Money kobo={123456750} />
            </span>
            <HStack justify="space-between">
              <Stack gap="0">
                <span className={caption}>Session ID</span>
                <span className={css({ fontFamily: 'mono' })}>000013240522104212345678</span>
              </Stack>
              <CopyButton value="000013240522104212345678" toastMessage="Session ID copied" label="Copy session ID" />
            </HStack>
          </Stack>
        </Card>

        <Card title="Feedback">
          <Row label="Toasts">
            <Button variant="outline" onClick={() => notify.success('Transaction marked as POS')}>Success</Button>
            <Button variant="outline" onClick={() => notify.error('Something happened, please try again.')}>Error</Button>
            <Button variant="outline" onClick={() => notify.info('You are offline. Showing saved data.')}>Info</Button>
          </Row>
          <Row label="Dialogs">
            <Button variant="outline" onClick={() => setInfo('success')}>Success dialog</Button>
            <Button variant="outline" onClick={() => setInfo('info')}>Info dialog</Button>
            <Button variant="outline" onClick={() => setInfo('warning')}>Warning dialog</Button>
          </Row>
          <Row label="Spinner">
            <Spinner size="sm" />
            <Spinner />
            <Spinner size="lg" label="Loading transactions" />
          </Row>
        </Card>

        <Grid columns={{ base: 1, md: 2 }} gap="4">
          <Card>
            <EmptyState />
          </Card>
          <Card>
            <EmptyState title="No customer found" description="Customers will be displayed here" />
          </Card>
          <Card>
            <EmptyState title="Could not load orders" errorStatus={500} onRefetch={() => {}} />
          </Card>
          <Card>
            <EmptyState
              title="You do not have access to this"
              description="Ask the account owner for the Orders permission."
              errorStatus={403}
              onRefetch={() => {}}
            />
          </Card>
        </Grid>

        <Card title="Skeleton">
          <Stack gap="4">
            <Skeleton height={28} width="40%" />
            <Skeleton count={3} />
            <HStack gap="3">
              <Skeleton height={44} width={44} radius="9999px" />
              <Skeleton count={2} height="0.75rem" />
            </HStack>
          </Stack>
        </Card>

        <Card title="Icons">
          <Grid columns={{ base: 4, sm: 6, md: 9 }} gap="4">
            {ICON_NAMES.map((name) => (
              <span key={name} className={iconCell}>
                <Icon name={name} size={24} />
                <span className={caption}>{name}</span>
              </span>
            ))}
          </Grid>
        </Card>
      </Stack>

      <Sheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title="Transaction Summary"
        description="Credit · 22nd November 2026, 10:42"
        footer={
          <>
            <Button variant="outline" size="lg">Create order</Button>
            <Button size="lg">Mark as POS</Button>
          </>
        }
      >
        <Stack gap="4">
          <HStack justify="space-between">
            <span className={caption}>Status</span>
            <StatusBadge status="SUCCESS" />
          </HStack>
          <HStack justify="space-between">
            <span className={caption}>Amount</span>
            <Money kobo={150000} />
          </HStack>
          <Skeleton count={12} />
        </Stack>
      </Sheet>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Mark as POS transaction?"
        description="The transaction will be recorded as paid at the point of sale."
        onProceed={proceed}
        loading={confirmLoading}
      />
      <InfoDialog
        open={info !== null}
        onOpenChange={(open) => !open && setInfo(null)}
        tone={info ?? 'info'}
        title={info === 'success' ? 'Transfer Successful' : info === 'warning' ? 'You are offline' : 'Review Pending'}
        description={
          info === 'success'
            ? 'Your transaction has been processed succesfully.'
            : info === 'warning'
              ? 'Money transfers need a connection. Try again when you are back online.'
              : 'An administrator needs to approve your account, please check back in a few minutes.'
        }
      />
    </main>
  )
}
