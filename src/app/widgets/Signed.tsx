import { Money } from './Money';
import css from './Signed.module.css';

/** An amount coloured by sign: red above zero, blue below (the product's profit colours). */
export function Signed({ value }: { value: number }) {
  return (
    <span className={value > 0 ? css.plus : value < 0 ? css.minus : undefined}>
      <Money value={value} />
    </span>
  );
}
