import { createFileRoute, Link } from '@tanstack/react-router';
import * as s from '../-components/storefront/storefront.css';

export const Route = createFileRoute('/_public/About')({
  head: () => ({ meta: [{ title: 'About · Doorstep' }] }),
  component: About,
});

function About() {
  return (
    <div className={s.page}>
      <article className={s.prose}>
        <h1 className={s.heroTitle}>About Doorstep</h1>
        <p className={s.lead}>
          Doorstep is a home-services marketplace. We connect households across India with trained, verified
          professionals for cleaning, repairs, painting, pest control, appliance care, salon at home and more.
        </p>

        <h2>Who we are</h2>
        <p>
          We started Doorstep because getting a plumber, an electrician or an AC technician to turn up on time, do a
          good job and charge a fair price should not take a dozen phone calls. We work with independent technicians and
          engineers, partner vendors who supply genuine spare parts, and our own support team, in every city and zone we
          serve.
        </p>

        <h2>How booking works</h2>
        <ul>
          <li>
            Find what you need: browse by category, search from the top of any page, or open{' '}
            <Link to="/Services">Services</Link>.
          </li>
          <li>Check that we serve your pincode; availability is decided zone by zone.</li>
          <li>
            Choose a service and a time slot. The price you see is the price you pay: it already includes any discount
            and the GST.
          </li>
          <li>A verified professional is assigned to your order and arrives at the chosen time.</li>
          <li>Pay from your Doorstep wallet or online, then rate the service so others can choose well.</li>
        </ul>

        <h2>Verified professionals</h2>
        <p>
          Every technician and engineer on Doorstep is interviewed, has their identity and address checked against their
          Aadhaar and PAN, and is trained on the services they offer before their first booking. Ratings from customers
          are reviewed regularly; professionals whose work falls short are retrained or removed.
        </p>

        <h2>Upfront, GST-inclusive prices</h2>
        <p>
          Each service shows its list price, any discount, the GST and the final amount, worked out by us and shown to
          the paisa before you book. There are no hidden charges; if a visit needs a visiting charge or extra parts, you
          are told before any work starts.
        </p>

        <h2>Help when you need it</h2>
        <p>
          If something is not right, raise a query from your account and our support team will follow it up with the
          professional until it is settled. You can cancel or reschedule an order from your account before the visit.
        </p>
        <p>
          Read how we handle your personal data in our <Link to="/PrivacyPolicy">privacy policy</Link>.
        </p>
      </article>
    </div>
  );
}
