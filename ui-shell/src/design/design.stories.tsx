import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Accordion } from "./Accordion";
import { Button, ButtonLink } from "./Button";
import { Carousel } from "./Carousel";
import { Checkbox } from "./Checkbox";
import { Dialog } from "./Dialog";
import { TextField } from "./Field";
import { KmField } from "./KmField";
import { DEFAULT_QUICK_PICKS, MoneyField } from "./MoneyField";
import { RadioGroup } from "./RadioGroup";
import { Select } from "./Select";
import { Skeleton, SkeletonCard } from "./Skeleton";
import { Tabs } from "./Tabs";
import { ToastProvider, useToast } from "./Toast";

const meta: Meta = { title: "Design system" };
export default meta;
type Story = StoryObj;

export const Buttons: Story = {
  render: () => (
    <p style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
      <Button>Reserve this Car</Button>
      <Button variant="secondary">Get Finance</Button>
      <Button variant="ghost">Share</Button>
      <Button disabled>Disabled</Button>
      <ButtonLink href="#details" size="sm">
        View Details
      </ButtonLink>
    </p>
  ),
};

function DialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Enquire Now</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Enquire Now" description="2021 Mercedes-Benz GLC-Class GLC 300 4MATIC">
        <TextField label="First name" required />
        <Button onClick={() => setOpen(false)}>Send Enquiry</Button>
      </Dialog>
    </>
  );
}
export const DialogStory: Story = { name: "Dialog", render: () => <DialogDemo /> };

function ToastDemo() {
  const toast = useToast();
  return (
    <p style={{ display: "flex", gap: 8 }}>
      <Button
        onClick={() =>
          toast.show({
            title: "Car Saved In Watchlist",
            description: "2021 GLC is now available in your watchlist",
            action: { label: "View List", href: "#" },
          })
        }
      >
        Save
      </Button>
      <Button
        variant="secondary"
        onClick={() => toast.show({ title: "Car Removed", description: "2021 GLC is no longer in your watchlist" })}
      >
        Remove (replaces: limit 1)
      </Button>
    </p>
  );
}
export const Toast: Story = {
  render: () => (
    <ToastProvider limit={1}>
      <ToastDemo />
    </ToastProvider>
  ),
};

export const TabsStory: Story = {
  name: "Tabs",
  render: () => (
    <Tabs
      label="Model details"
      items={[
        { id: "overview", label: "Overview", content: <p>Super Intelligent SUV.</p> },
        { id: "specs", label: "Specifications", content: <p>Range up to 755 km.</p> },
        { id: "charging", label: "Charging", content: <p>0-80% in 18 minutes.</p> },
      ]}
    />
  ),
};

export const AccordionStory: Story = {
  name: "Accordion",
  render: () => (
    <Accordion
      defaultOpen={["comments"]}
      items={[
        { id: "comments", title: "Dealer Comments", content: <p>Dealer comments are pending. Please check back here later.</p> },
        { id: "included", title: "What's Included", content: <p>12 months roadside assist.</p> },
        { id: "why", title: "Why Buy From Us?", content: <p>Family owned since 1994.</p> },
      ]}
    />
  ),
};

export const CarouselStory: Story = {
  name: "Carousel",
  render: () => (
    <Carousel
      label="Similar cars"
      perView={3}
      items={["A", "B", "C", "D", "E"].map((s) => (
        <div key={s} style={{ height: 120, display: "grid", placeItems: "center", background: "var(--fc-color-surface)" }}>
          Car {s}
        </div>
      ))}
    />
  ),
};

export const Skeletons: Story = {
  render: () => (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 16 }}>
      <SkeletonCard />
      <SkeletonCard />
      <div>
        <Skeleton height="1.5em" width="60%" />
        <Skeleton shape="circle" width={48} height={48} />
      </div>
    </div>
  ),
};

function FormDemo() {
  const [amount, setAmount] = useState<number | null>(30000);
  const [km, setKm] = useState<number | null>(45210);
  const [loc, setLoc] = useState("");
  const [contact, setContact] = useState("phone");
  const [optIn, setOptIn] = useState(false);
  return (
    <form style={{ maxWidth: 480 }} onSubmit={(e) => e.preventDefault()}>
      <MoneyField
        label="Loan amount"
        value={amount}
        onValueChange={setAmount}
        min={5000}
        max={100000}
        step={500}
        quickPicks={DEFAULT_QUICK_PICKS}
      />
      <KmField label="Odometer" value={km} onValueChange={setKm} max={999999} />
      <Select
        label="Location"
        required
        value={loc}
        onValueChange={setLoc}
        error={loc ? null : "This is a required field."}
        options={[
          { value: "sales", label: "Harbourside Mercedes-Benz Sales" },
          { value: "service", label: "Harbourside Mercedes-Benz Service Centre" },
        ]}
      />
      <RadioGroup
        label="Preferred Contact Method"
        inline
        value={contact}
        onValueChange={setContact}
        options={[
          { value: "phone", label: "Phone" },
          { value: "email", label: "Email" },
          { value: "sms", label: "SMS" },
        ]}
      />
      <TextField label="Postcode" value="20" error="Invalid postcode. Please enter a 4-digit number." onChange={() => {}} />
      <Checkbox label="Keep me updated with news and offers" checked={optIn} onCheckedChange={setOptIn} />
    </form>
  );
}
export const FormFields: Story = { render: () => <FormDemo /> };
