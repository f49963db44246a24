package io.tern.codec.dns;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A DNS message, query or response: the header's fields, the four sections, and the EDNS0 data if
 * the message carries an OPT record. Build one with {@link #builder()} or {@link #query}; {@link
 * #toBuilder()} starts a variant (a response from its query, say). Equal when every field is.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread. A {@link Builder} is for one thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsMessage {
  /** The standard query opcode. */
  public static final int OPCODE_QUERY = 0;

  private final int id;
  private final boolean response;
  private final int opCode;
  private final boolean authoritative;
  private final boolean truncated;
  private final boolean recursionDesired;
  private final boolean recursionAvailable;
  private final boolean authenticData;
  private final boolean checkingDisabled;
  private final DnsResponseCode responseCode;
  private final List<DnsQuestion> questions;
  private final List<DnsRecord> answers;
  private final List<DnsRecord> authorities;
  private final List<DnsRecord> additionals;
  private final Edns edns;

  private DnsMessage(Builder b) {
    DnsNames.checkU16(b.id, "id");
    if (b.opCode < 0 || b.opCode > 15) {
      throw new IllegalArgumentException("opcode out of range: " + b.opCode);
    }
    if (b.responseCode.code() > 15 && b.edns == null) {
      throw new IllegalArgumentException(
          "response code " + b.responseCode + " needs EDNS for its upper bits");
    }
    id = b.id;
    response = b.response;
    opCode = b.opCode;
    authoritative = b.authoritative;
    truncated = b.truncated;
    recursionDesired = b.recursionDesired;
    recursionAvailable = b.recursionAvailable;
    authenticData = b.authenticData;
    checkingDisabled = b.checkingDisabled;
    responseCode = b.responseCode;
    questions = List.copyOf(b.questions);
    answers = List.copyOf(b.answers);
    authorities = List.copyOf(b.authorities);
    additionals = List.copyOf(b.additionals);
    edns = b.edns;
  }

  /**
   * A recursive query for one question.
   *
   * @param id the query id; take it from a secure random source when the answer matters
   * @param question the question
   * @return the query
   */
  public static DnsMessage query(int id, DnsQuestion question) {
    return builder().id(id).recursionDesired(true).addQuestion(question).build();
  }

  /**
   * Returns a builder with every field zero, false or empty.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder holding this message's fields.
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.id = id;
    b.response = response;
    b.opCode = opCode;
    b.authoritative = authoritative;
    b.truncated = truncated;
    b.recursionDesired = recursionDesired;
    b.recursionAvailable = recursionAvailable;
    b.authenticData = authenticData;
    b.checkingDisabled = checkingDisabled;
    b.responseCode = responseCode;
    b.questions.addAll(questions);
    b.answers.addAll(answers);
    b.authorities.addAll(authorities);
    b.additionals.addAll(additionals);
    b.edns = edns;
    return b;
  }

  /**
   * Returns the 16-bit id.
   *
   * @return the id
   */
  public int id() {
    return id;
  }

  /**
   * Tells whether this is a response (QR).
   *
   * @return the QR bit
   */
  public boolean isResponse() {
    return response;
  }

  /**
   * Returns the opcode.
   *
   * @return 0 to 15, {@link #OPCODE_QUERY} for a query
   */
  public int opCode() {
    return opCode;
  }

  /**
   * Returns the AA bit.
   *
   * @return whether the answer is authoritative
   */
  public boolean isAuthoritative() {
    return authoritative;
  }

  /**
   * Returns the TC bit: the answer did not fit and should be asked again over TCP.
   *
   * @return whether the message was truncated
   */
  public boolean isTruncated() {
    return truncated;
  }

  /**
   * Returns the RD bit.
   *
   * @return whether recursion is desired
   */
  public boolean isRecursionDesired() {
    return recursionDesired;
  }

  /**
   * Returns the RA bit.
   *
   * @return whether the server offers recursion
   */
  public boolean isRecursionAvailable() {
    return recursionAvailable;
  }

  /**
   * Returns the AD bit.
   *
   * @return whether the server validated the data
   */
  public boolean isAuthenticData() {
    return authenticData;
  }

  /**
   * Returns the CD bit.
   *
   * @return whether validation is disabled
   */
  public boolean isCheckingDisabled() {
    return checkingDisabled;
  }

  /**
   * Returns the response code with its EDNS upper bits.
   *
   * @return the response code
   */
  public DnsResponseCode responseCode() {
    return responseCode;
  }

  /**
   * Returns the question section.
   *
   * @return an unmodifiable list
   */
  public List<DnsQuestion> questions() {
    return questions;
  }

  /**
   * Returns the answer section.
   *
   * @return an unmodifiable list
   */
  public List<DnsRecord> answers() {
    return answers;
  }

  /**
   * Returns the authority section.
   *
   * @return an unmodifiable list
   */
  public List<DnsRecord> authorities() {
    return authorities;
  }

  /**
   * Returns the additional section, without the OPT record.
   *
   * @return an unmodifiable list
   */
  public List<DnsRecord> additionals() {
    return additionals;
  }

  /**
   * Returns the EDNS0 data.
   *
   * @return the OPT record's content, or {@code null} if the message has none
   */
  public Edns edns() {
    return edns;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DnsMessage m
        && m.id == id
        && m.response == response
        && m.opCode == opCode
        && m.authoritative == authoritative
        && m.truncated == truncated
        && m.recursionDesired == recursionDesired
        && m.recursionAvailable == recursionAvailable
        && m.authenticData == authenticData
        && m.checkingDisabled == checkingDisabled
        && m.responseCode.equals(responseCode)
        && m.questions.equals(questions)
        && m.answers.equals(answers)
        && m.authorities.equals(authorities)
        && m.additionals.equals(additionals)
        && Objects.equals(m.edns, edns);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, response, responseCode, questions, answers, authorities, additionals);
  }

  @Override
  public String toString() {
    return (response ? "DnsResponse(" : "DnsQuery(")
        + "id="
        + id
        + ", opcode="
        + opCode
        + (authoritative ? ", aa" : "")
        + (truncated ? ", tc" : "")
        + (recursionDesired ? ", rd" : "")
        + (recursionAvailable ? ", ra" : "")
        + (authenticData ? ", ad" : "")
        + (checkingDisabled ? ", cd" : "")
        + ", "
        + responseCode
        + ", questions="
        + questions
        + ", answers="
        + answers
        + ", authorities="
        + authorities
        + ", additionals="
        + additionals
        + ", edns="
        + edns
        + ')';
  }

  /**
   * Builds a {@link DnsMessage}.
   *
   * <h2>Threading</h2>
   *
   * <p>One thread at a time.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   */
  public static final class Builder {
    private int id;
    private boolean response;
    private int opCode;
    private boolean authoritative;
    private boolean truncated;
    private boolean recursionDesired;
    private boolean recursionAvailable;
    private boolean authenticData;
    private boolean checkingDisabled;
    private DnsResponseCode responseCode = DnsResponseCode.NOERROR;
    private final List<DnsQuestion> questions = new ArrayList<>(1);
    private final List<DnsRecord> answers = new ArrayList<>();
    private final List<DnsRecord> authorities = new ArrayList<>();
    private final List<DnsRecord> additionals = new ArrayList<>();
    private Edns edns;

    private Builder() {}

    /**
     * Sets the id.
     *
     * @param id 0 to 65535
     * @return this builder
     */
    public Builder id(int id) {
      this.id = id;
      return this;
    }

    /**
     * Sets the QR bit.
     *
     * @param response whether the message is a response
     * @return this builder
     */
    public Builder response(boolean response) {
      this.response = response;
      return this;
    }

    /**
     * Sets the opcode.
     *
     * @param opCode 0 to 15
     * @return this builder
     */
    public Builder opCode(int opCode) {
      this.opCode = opCode;
      return this;
    }

    /**
     * Sets the AA bit.
     *
     * @param authoritative the bit
     * @return this builder
     */
    public Builder authoritative(boolean authoritative) {
      this.authoritative = authoritative;
      return this;
    }

    /**
     * Sets the TC bit.
     *
     * @param truncated the bit
     * @return this builder
     */
    public Builder truncated(boolean truncated) {
      this.truncated = truncated;
      return this;
    }

    /**
     * Sets the RD bit.
     *
     * @param recursionDesired the bit
     * @return this builder
     */
    public Builder recursionDesired(boolean recursionDesired) {
      this.recursionDesired = recursionDesired;
      return this;
    }

    /**
     * Sets the RA bit.
     *
     * @param recursionAvailable the bit
     * @return this builder
     */
    public Builder recursionAvailable(boolean recursionAvailable) {
      this.recursionAvailable = recursionAvailable;
      return this;
    }

    /**
     * Sets the AD bit.
     *
     * @param authenticData the bit
     * @return this builder
     */
    public Builder authenticData(boolean authenticData) {
      this.authenticData = authenticData;
      return this;
    }

    /**
     * Sets the CD bit.
     *
     * @param checkingDisabled the bit
     * @return this builder
     */
    public Builder checkingDisabled(boolean checkingDisabled) {
      this.checkingDisabled = checkingDisabled;
      return this;
    }

    /**
     * Sets the response code; one above 15 needs {@link #edns}.
     *
     * @param responseCode the code
     * @return this builder
     */
    public Builder responseCode(DnsResponseCode responseCode) {
      this.responseCode = Objects.requireNonNull(responseCode, "responseCode");
      return this;
    }

    /**
     * Adds a question.
     *
     * @param question the question
     * @return this builder
     */
    public Builder addQuestion(DnsQuestion question) {
      questions.add(Objects.requireNonNull(question, "question"));
      return this;
    }

    /**
     * Adds an answer record.
     *
     * @param record the record
     * @return this builder
     */
    public Builder addAnswer(DnsRecord record) {
      answers.add(Objects.requireNonNull(record, "record"));
      return this;
    }

    /**
     * Adds an authority record.
     *
     * @param record the record
     * @return this builder
     */
    public Builder addAuthority(DnsRecord record) {
      authorities.add(Objects.requireNonNull(record, "record"));
      return this;
    }

    /**
     * Adds an additional record.
     *
     * @param record the record
     * @return this builder
     */
    public Builder addAdditional(DnsRecord record) {
      additionals.add(Objects.requireNonNull(record, "record"));
      return this;
    }

    /**
     * Sets or clears the EDNS0 data.
     *
     * @param edns the OPT record's content, or {@code null} for none
     * @return this builder
     */
    public Builder edns(Edns edns) {
      this.edns = edns;
      return this;
    }

    /**
     * Builds the message.
     *
     * @return the message
     * @throws IllegalArgumentException if a field is out of range
     */
    public DnsMessage build() {
      return new DnsMessage(this);
    }
  }
}
