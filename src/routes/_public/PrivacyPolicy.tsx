import { createFileRoute, Link } from '@tanstack/react-router';
import * as s from '../-components/storefront/storefront.css';

export const Route = createFileRoute('/_public/PrivacyPolicy')({
  head: () => ({ meta: [{ title: 'Privacy policy · Doorstep' }] }),
  component: PrivacyPolicy,
});

const CONTACT = 'privacy@doorstep.example';

function PrivacyPolicy() {
  return (
    <div className={s.page}>
      <article className={s.prose}>
        <h1 className={s.heroTitle}>Privacy policy</h1>
        <p className={s.lead}>
          This policy explains what personal data Doorstep collects when you use our website, why we collect it, how
          long we keep it, who we share it with and the choices you have. We process personal data in line with India's
          Digital Personal Data Protection Act, 2023.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, mobile number, e-mail address, city and pincode, and a password
            that we store only as a salted hash.
          </li>
          <li>
            <strong>Service addresses:</strong> the addresses where you want a service, with the name and mobile number
            of the person who will receive the professional.
          </li>
          <li>
            <strong>Orders:</strong> the services you book, the time slots, cancellations, reschedules, ratings, reviews
            and the queries you raise.
          </li>
          <li>
            <strong>Payments:</strong> payment references, amounts and status from our payment provider and your wallet
            history. We never see or store your card number, UPI PIN or net-banking password.
          </li>
          <li>
            <strong>Technical data:</strong> the sign-in records we need to keep your account secure (time, device type,
            IP address).
          </li>
        </ul>

        <h2>Why we use it</h2>
        <ul>
          <li>To create and secure your account and to sign you in.</li>
          <li>To check that we serve your pincode, and to book, carry out, invoice and support your orders.</li>
          <li>To take payments, issue refunds and keep the accounting and GST records the law requires.</li>
          <li>To send you messages about your orders and, only if you agree, offers you can switch off at any time.</li>
          <li>To prevent fraud and misuse and to improve our services.</li>
        </ul>

        <h2>Who we share it with</h2>
        <p>
          When you book, the professional who serves you receives your name, the service address and the contact number
          for the visit, and only for as long as the order needs it. We also share the data strictly needed with our
          payment provider, with SMS and e-mail services that deliver our messages, and with authorities when the law
          requires it. We do not sell your personal data.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep your account data while your account is open. Order, invoice and payment records are kept for eight
          years, as Indian tax law requires. Sign-in records are kept for up to one year. When you close your account we
          delete or anonymise the rest within 30 days.
        </p>

        <h2>Your rights</h2>
        <p>
          You can ask for a summary of the personal data we hold about you, have it corrected or completed, have it
          erased when we no longer need it, withdraw consent you gave us, and nominate someone to exercise these rights
          for you. You can also raise a grievance with us and, if you are not satisfied with our answer, with the Data
          Protection Board of India.
        </p>

        <h2>Security</h2>
        <p>
          Your data travels encrypted (HTTPS), passwords are stored only as hashes, and staff see only what their role
          needs. Professionals see an order's details only while it is assigned to them.
        </p>

        <h2>Contact</h2>
        <p>
          Write to our grievance officer at <a href={`mailto:${CONTACT}`}>{CONTACT}</a> for any question or request
          about your personal data. We answer within 30 days.
        </p>
        <p>
          We may update this policy; the current version is always on this page. See also{' '}
          <Link to="/About">about Doorstep</Link>.
        </p>
      </article>
    </div>
  );
}
