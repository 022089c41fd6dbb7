package dev.cesrj.keri.event;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * A signing threshold ({@code kt}) or next signing threshold ({@code nt}), as keripy's
 * {@code Tholder} reads it ({@code src/keri/core/coring.py}): numeric (M of N, a hex text in the
 * body) or weighted (clauses of weights, every clause to be satisfied).
 *
 * <p>Weighted: a list of weights is one clause, a list of lists several (ANDed); a weight is
 * {@code 0}, {@code 1} or a fraction {@code n/d} within [0, 1], or a one-entry map from such a
 * weight to a list of weights (a nested clause whose weights must sum to at least 1 for its key
 * weight to count). The top-level weights of every clause must sum to at least 1 and every nested
 * list too, or the threshold is refused.
 */
public sealed interface Threshold permits Threshold.Numeric, Threshold.Weighted {
  /**
   * {@return the least number of keys the threshold needs (keripy {@code Tholder.size}): M for a
   * numeric threshold, the number of weights (nested ones counted) for a weighted one}
   */
  int size();

  /**
   * {@return true if signatures by the keys at {@code indices} satisfy the threshold (keripy
   * {@code Tholder.satisfy}): at least M distinct indices and M at least 1 (numeric), or every
   * clause's verified weights summing to at least 1 (weighted); indices out of range never count}
   *
   * @param indices indices into the key list of the keys whose signatures verified, any order,
   *     repeats allowed
   */
  boolean satisfiedBy(Collection<Integer> indices);

  /**
   * A numeric threshold: M of N.
   *
   * @param m the number of signatures needed, at least 0 (a next threshold may be 0)
   */
  record Numeric(long m) implements Threshold {
    /**
     * Creates the record.
     *
     * @param m see the record description
     * @throws IllegalArgumentException if {@code m} is negative or above {@link Integer#MAX_VALUE}
     */
    public Numeric {
      if (m < 0 || m > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("threshold " + m);
      }
    }

    @Override
    public int size() {
      return (int) m;
    }

    @Override
    public boolean satisfiedBy(Collection<Integer> indices) {
      return m > 0 && new TreeSet<>(indices).size() >= m;
    }

    /** {@return keripy's sith: lowercase hex} */
    @Override
    public String toString() {
      return Long.toHexString(m);
    }
  }

  /**
   * One element of a weighted clause: a weight, and for a nested clause the weights under it.
   *
   * @param weight the weight that counts toward its clause
   * @param nested the nested weights (empty for a plain weight); they must sum to at least 1 over
   *     verified keys for {@code weight} to count
   */
  record Weight(Fraction weight, List<Fraction> nested) {
    /**
     * Copies {@code nested}.
     *
     * @param weight see the record description
     * @param nested see the record description
     */
    public Weight {
      nested = List.copyOf(nested);
    }

    /** {@return the number of keys this element covers: 1, or the nested weights} */
    public int keys() {
      return nested.isEmpty() ? 1 : nested.size();
    }
  }

  /**
   * A weighted threshold.
   *
   * @param clauses the clauses, each a list of weights over consecutive keys, all to be satisfied
   */
  record Weighted(List<List<Weight>> clauses) implements Threshold {
    /**
     * Copies and checks the sums (keripy {@code Tholder._processWeighted}).
     *
     * @param clauses see the record description
     * @throws IllegalArgumentException if there is no clause, or a clause or nested list sums below 1
     */
    public Weighted {
      clauses = clauses.stream().map(List::copyOf).collect(java.util.stream.Collectors.toUnmodifiableList());
      if (clauses.isEmpty()) {
        throw new IllegalArgumentException("no clause");
      }
      for (List<Weight> c : clauses) {
        List<Fraction> top = new ArrayList<>(c.size());
        for (Weight w : c) {
          top.add(w.weight());
          if (!w.nested().isEmpty() && !atLeastOne(w.nested())) {
            throw new IllegalArgumentException("nested weights " + w.nested() + " sum below 1");
          }
        }
        if (!atLeastOne(top)) {
          throw new IllegalArgumentException("clause " + c + " sums below 1");
        }
      }
    }

    /**
     * Whether {@code ws} sum to at least 1, exactly. The sum is taken pairwise (a balanced tree,
     * equal denominators added without multiplying), so that many weights of large coprime
     * denominators cost about one multiplication of numbers the size of their product, not one
     * such multiplication per weight (15,000 weights of 64-digit denominators took a minute
     * summed left to right).
     */
    private static boolean atLeastOne(List<Fraction> ws) {
      if (ws.isEmpty()) {
        return false;
      }
      BigInteger[] sum = sum(ws, 0, ws.size());
      return sum[0].compareTo(sum[1]) >= 0;
    }

    /** {@return the sum of {@code ws[from, to)} as an unreduced numerator, denominator} */
    private static BigInteger[] sum(List<Fraction> ws, int from, int to) {
      if (to - from == 1) {
        Fraction f = ws.get(from);
        return new BigInteger[] {f.numerator(), f.denominator()};
      }
      int mid = (from + to) >>> 1;
      BigInteger[] a = sum(ws, from, mid);
      BigInteger[] b = sum(ws, mid, to);
      if (a[1].equals(b[1])) {
        return new BigInteger[] {a[0].add(b[0]), a[1]};
      }
      return new BigInteger[] {a[0].multiply(b[1]).add(b[0].multiply(a[1])), a[1].multiply(b[1])};
    }

    @Override
    public int size() {
      int s = 0;
      for (List<Weight> c : clauses) {
        for (Weight w : c) {
          s += w.keys();
        }
      }
      return s;
    }

    @Override
    public boolean satisfiedBy(Collection<Integer> indices) {
      int size = size();
      boolean[] sats = new boolean[size];
      boolean any = false;
      for (Integer i : indices) {
        if (i != null && i >= 0 && i < size) {
          sats[i] = true;
          any = true;
        }
      }
      if (!any) {
        return false;
      }
      int wio = 0;
      for (List<Weight> c : clauses) {
        List<Fraction> cw = new ArrayList<>();
        for (Weight w : c) {
          if (w.nested().isEmpty()) {
            if (sats[wio]) {
              cw.add(w.weight());
            }
            wio++;
          } else {
            List<Fraction> vw = new ArrayList<>();
            for (Fraction f : w.nested()) {
              if (sats[wio]) {
                vw.add(f);
              }
              wio++;
            }
            if (atLeastOne(vw)) {
              cw.add(w.weight());
            }
          }
        }
        if (!atLeastOne(cw)) {
          return false;
        }
      }
      return true;
    }

    /** {@return keripy's sith as JSON-like text, e.g. {@code [["1/2","1/2"],["1","1"]]}} */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      boolean one = clauses.size() == 1;
      if (!one) {
        sb.append('[');
      }
      for (int i = 0; i < clauses.size(); i++) {
        sb.append(i > 0 ? "," : "").append('[');
        List<Weight> c = clauses.get(i);
        for (int j = 0; j < c.size(); j++) {
          Weight w = c.get(j);
          sb.append(j > 0 ? "," : "");
          if (w.nested().isEmpty()) {
            sb.append('"').append(w.weight()).append('"');
          } else {
            sb.append("{\"").append(w.weight()).append("\":[");
            for (int k = 0; k < w.nested().size(); k++) {
              sb.append(k > 0 ? "," : "").append('"').append(w.nested().get(k)).append('"');
            }
            sb.append("]}");
          }
        }
        sb.append(']');
      }
      if (!one) {
        sb.append(']');
      }
      return sb.toString();
    }
  }
}
