# %% [markdown]
# # 5강 — 넓이와 둘레
#
# **학습 목표**
# - 모양을 세 가지로 재요: **넓이**(칸의 수), **둘레**(바깥선 위에 있는 칸의 변의 수),
#   그리고 **고리**(모양과 변을 함께 쓰는 칸: 파내려면 그려야 하는 칸)예요.
# - *n*칸짜리 일자 모양의 고리가 왜 가장 큰지(**2n + 2**), 어떤 모양의 고리가 가장
#   작은지 설명해요.
# - 주머니, 구멍, 지도의 가장자리가 고리를 어떻게 바꾸는지 알아봐요.
# - 화석의 고리를 닫으려면 펜토미노가 적어도 몇 개 필요한지 세어 봐요.
#
# 문제는 언제나 그 답을 알려 주는 코드보다 *먼저* 나와요. `None` 자리에 답(자연수)을
# 쓰고 실행한 다음, 그 아래의 확인 코드를 실행하세요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 정사각형을 세어 구하는 넓이; 직선으로 이루어진 도형의 둘레; 넓이는
# 같고 둘레가 다른 도형 비교; n에 대한 식(2n + 2)과, 상급 학생에게는 수학적 귀납법에
# 의한 증명; 최적화(주어진 넓이에서 가장 짧은 고리). 11세 이상, 45분. 4강(고리)을 먼저
# 해요.
#
# | 부분 | 분 |
# |---|---|
# | 펜토미노의 넓이, 둘레, 고리 (문제 1, 2), 표 | 10 |
# | 주머니와 구멍 | 5 |
# | 가장 긴 고리 2n + 2, 그리고 그 까닭 | 8 |
# | 가장 짧은 고리 (문제 3), 마름모, 지도의 가장자리 | 10 |
# | 고리에 필요한 펜토미노 (문제 4), 문제 5 | 7 |
# | 마무리 문제 | 5 |
#
# **자주 하는 오해.**
# - 둘레 = 모양을 둘러싼 칸의 수(고리): 문제 2가 둘을 구별해요. 안쪽 모서리 칸은 변
#   두 개에 닿지만 고리에서는 한 번만 세요.
# - "넓이가 같으면 둘레도 같다": 펜토미노는 모두 넓이가 5이고, 둘레는 10이나 12예요.
# - 문제 3: 2 × 3 직사각형이 가장 좋은 건 아니에요. 마름모에 가까운 모양이 이겨요.
# - 문제 4: ⌈4 / 5⌉ = 펜토미노 1개: 모서리로만 닿는 칸 네 개에 모양 하나가 모두 닿을 수
#   없다는 걸 잊어요.
#
# **쉬운 길.** 모눈종이: 펜토미노를 하나씩 그리고, 변을 세고, 고리를 색칠해요. 가장 긴
# 고리에서 멈춰요. **어려운 길.** *상급 학생을 위해*: 2n + 2를 수학적 귀납법으로
# 증명하고, 일자 모양만 거기에 닿는다는 걸 보여요. 식 ⌈√(8n − 4)⌉ + 2로 문제 5를 해요.
#
# 풀이는 답 코드에 있고, 그 까닭도 함께 적혀 있어요.

# %%
from paleowidgets import Game, load_map
from paleowidgets.core.enclosure import (contacts, fewest_ring_cells, fewest_shapes,
                                         free_polyominoes, names, perimeter, ring_of)
from paleowidgets.core.geometry import PENTOMINOES
from paleowidgets.exercises.lesson05 import (check_fewest_ring, check_perimeter,
                                             check_ring_size, check_shapes_needed, ring_drawn,
                                             shape_map)
from paleowidgets.i18n import set_language
from paleowidgets.render.enclosure import render_enclosure

# 아래의 모든 글(그림, 확인)의 언어를 한 번에 정해요.
set_language("ko")

# %% [markdown]
# ## 펜토미노 열두 개의 넓이, 둘레, 고리
# 펜토미노는 모두 넓이가 5예요. 둘레는 변 5 × 4 = 20개에서, 변을 함께 쓰는 칸 두 개의
# 짝마다 2를 빼요. 고리는 그 모양의 화석에 필요한 칸이에요.

# %% [markdown]
# **문제 1.** P 펜토미노의 둘레는 얼마일까요(바깥선 위에 칸의 변이 몇 개 있을까요)?
# 2강의 P를 보거나 그려 보세요.

# %% answer
### BEGIN SOLUTION
answer = 10    # 변 20개에서, 변을 함께 쓰는 칸의 짝 5개마다 2를 빼요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_perimeter("P", answer)
### END HIDDEN TESTS
check_perimeter("P", answer)

# %% [markdown]
# **문제 2.** L 펜토미노의 고리에는 칸이 몇 개 있을까요(L과 변을 함께 쓰지만 L의 칸은
# 아닌 칸)?

# %% answer
### BEGIN SOLUTION
answer = 11    # 둘레는 12지만, 안쪽 모서리의 칸은 변 2개에 닿아요: 한 번만 세요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring_size("L", answer)
### END HIDDEN TESTS
check_ring_size("L", answer)

# %%
print("모양  넓이  둘레  고리")
for letter, p in PENTOMINOES.items():
    area, ring = len(p.cells), len(ring_of(p.cells))
    print(f"  {letter}     {area}    {perimeter(p.cells):2}    {ring:2}")

# %% [markdown]
# 둘레가 10인 건 P뿐이에요: 2 × 2 덩어리가 변 하나를 더 함께 써요. 하지만 고리는 8(X)부터
# 12(I)까지 많이 달라요. 고리가 둘레보다 작을 때가 있는 건 왜일까요? *안쪽 모서리*에
# 있는 고리 칸은 모양과 변 두 개가 닿아요: 둘레는 두 변을 모두 세지만, 고리는 그 칸을 한
# 번만 세요. L의 고리 칸이 저마다 변 몇 개에 닿는지 봐요:

# %%
touch = contacts(PENTOMINOES["L"].cells)
print({cell: n for cell, n in sorted(touch.items()) if n > 1}, "->",
      sum(touch.values()), "(변의 수),", len(touch), "(고리 칸의 수)")

# %% [markdown]
# **둘레 = 고리 칸마다 닿는 변의 수를 모두 더한 것.** 그래서 고리는 둘레에서 모서리 칸과
# 주머니 칸이 함께 쓰는 것을 뺀 거예요.

# %% [markdown]
# ## 주머니와 구멍
# *고리 학교*의 삼엽충(A)은 주머니가 있는 U 모양이에요. 둘레는 12지만 고리는 10뿐이에요:
# 주머니 칸 C2는 변 세 개가 닿지만 한 번만 세요.

# %%
school = load_map("ring-school")
trilobite = school.fossil("A").cells
print("둘레", perimeter(trilobite), "· 고리", len(ring_of(trilobite)),
      "· C2가 닿는 변의 수", contacts(trilobite)[(2, 1)], "(주머니 칸)")
render_enclosure(Game(school).initial_state(), "A", step=0, lang="ko")

# %% [markdown]
# **구멍**이 있는 화석이에요: 빈칸 하나를 여덟 칸이 둘러싸요. 구멍은 변 네 개가 닿는 고리
# 칸이에요. 화석에 물을 부으면 다른 틈처럼 1단계에 구멍으로 들어가요. 그래서 구멍도
# 그려야 해요. 펜토미노는 한 칸에 들어가지 않으니, 원스퀘어 애니웨어만 구멍을 닫을 수 있어요.

#
# `shape_map`은 그림에서 화석이 하나 있는 지도를 만들어요: `#`은 화석 칸, `.`은 빈칸이고,
# 한 줄씩 차례로 써요.

# %%
ring8 = shape_map("### #.# ###", "속이 빈 화석")
hollow = ring8.fossil("A").cells
print("넓이", len(hollow), "· 둘레", perimeter(hollow), "· 고리", len(ring_of(hollow)))
render_enclosure(Game(ring8).initial_state(), "A", lang="ko")

# %% [markdown]
# ## 가장 긴 고리: 일자 모양, 2n + 2
# *n*칸짜리 일자 모양에는 위에 고리 칸 *n*개, 아래에 *n*개, 양 끝에 하나씩 있어요.

# %%
for n in range(1, 8):
    line = [(x, 0) for x in range(n)]
    print(f"n = {n}: 고리 {len(ring_of(line))} = 2 × {n} + 2")

# %% [markdown]
# **어떤 모양도 이보다 크지 않은 까닭.** 어떤 모양이든 칸을 하나씩 붙여서 만들어요. 새
# 칸은 이미 있는 칸 옆에 붙여요. 새 칸은 고리 칸이었고(−1), 새 고리 칸이 될 수 있는 다른
# 이웃은 많아야 3개예요(+3): 칸 하나는 많아야 2를 더해요. 한 칸의 고리는 4예요. 그래서 *n*칸의
# 고리는 많아야 4 + 2(n − 1) = **2n + 2**예요.

# %% [markdown]
# ## n칸의 가장 짧은 고리
# 모든 모양을 해 봐요! 키트는 8칸까지의 자유 폴리오미노(돌리기와 뒤집기는 하나로 쳐요)를
# 모두 나열하고 고리를 재요.

# %% [markdown]
# **문제 3.** 표를 보기 전에: 6칸짜리 모양의 고리는 가장 작으면 얼마일까요? 모눈종이에
# 모양을 몇 개 그려 보세요.

# %% answer
### BEGIN SOLUTION
answer = 9    # 예를 들어 2 x 3 덩어리는 10이고, '통통하게' 굽은 모양은 9가 돼요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(6, answer)
### END HIDDEN TESTS
check_fewest_ring(6, answer)

# %%
table = [" n  모양 수  최소     식  최대  최대인 모양"]
for n in range(1, 9):
    rings = [len(ring_of(p)) for p in free_polyominoes(n)]
    table.append(f"{n:2}  {len(rings):6}  {min(rings):4}  {fewest_ring_cells(n):5}  "
                 f"{max(rings):4}  {rings.count(max(rings)):4}")
print("\n".join(table))

# %% [markdown]
# 최소 열은 ⌈√(8n − 4)⌉ + 2를 따라요("식" 열이에요. 여기서 모든 모양과 맞춰 봤어요).
# 그리고 언제나 최대인 모양은 하나뿐이에요: 일자 모양이에요. 이기는 모양은 격자에서
# 가능한 한 둥근 모양, **마름모**예요. 13칸짜리 마름모의 고리는 12뿐이에요. 5칸짜리
# 일자 모양과 같아요.

# %%
diamond = shape_map("..#.. .###. ##### .###. ..#..", "마름모 화석")
print("마름모: 넓이", len(diamond.fossil("A").cells), "· 고리",
      len(ring_of(diamond.fossil("A").cells)))
render_enclosure(Game(diamond).initial_state(), "A", step=0, lang="ko")

# %% [markdown]
# ## 지도의 가장자리에 닿은 변은 공짜예요
# 지도의 가장자리에 있는 변에는 고리 칸이 필요 없어요: 거기로는 아무것도 새어 나갈 수
# 없어요. 5 × 5 지도의 구석에 있는 도미노는 고리 칸이 6개가 아니라 3개만 필요해요.

# %%
domino = {(0, 0), (1, 0)}
print("가운데:", len(ring_of(domino)), "· 구석:", len(ring_of(domino, 5, 5)),
      names(ring_of(domino, 5, 5)))

# %% [markdown]
# 그래서 게임의 지도 규칙은 모든 화석을 가장자리에서 떨어뜨려 놓아요: 게임에서는 모든
# 화석이 고리 전체를 치러야 해요.
#
# ## 고리에는 펜토미노가 몇 개 필요할까요?
# 펜토미노 하나는 고리 칸을 많아야 5개 덮어요. 그래서 *r*칸짜리 고리에는 펜토미노가
# 적어도 ⌈r / 5⌉개 필요해요. 펜토미노 하나가 5개도 못 덮을 때가 많아요: 이빨의 고리 칸
# 4개는 모서리로만 서로 닿아서, U도 많아야 3개를 덮어요. 키트는 빈 지도에서 고리 전체를
# 그리는 가장 적은 모양을 찾아요.

# %% [markdown]
# **문제 4.** 고리 학교에서 이빨(C)의 고리를 닫으려면 펜토미노가 적어도 몇 개
# 필요할까요? (고리 칸 4개는 서로 모서리로만 닿아요.)

# %% answer
### BEGIN SOLUTION
answer = 2    # 4칸이면 적어도 1개지만, 네 칸에 모두 닿는 펜토미노는 없어요: 2개
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_shapes_needed(Game(school), "C", answer)
### END HIDDEN TESTS
check_shapes_needed(Game(school), "C", answer)

# %%
game = Game(school)
for fossil in school.fossils:
    cover = fewest_shapes(game, fossil.id)
    shapes = ", ".join(f"{letter}: {' '.join(names(cells))}" for letter, cells in cover.shapes)
    print(f"{fossil.id}: 고리 {cover.ring}, 적어도 ⌈{cover.ring}/5⌉ = {cover.bound}, "
          f"모양 하나가 많아야 {cover.best_single}개를 덮어요 -> {cover.count}개: {shapes}")

# %% [markdown]
# 그 세 모양으로 그린 삼엽충의 고리예요(모두 V자라서 `+2`도 얻어요):

# %%
render_enclosure(ring_drawn(game, "A"), "A", lang="ko")     # 주사위 없이 그린 세 모양

# %% [markdown]
# **문제 5.** 새 크기예요: **20**칸짜리 모양의 고리는 가장 작으면 얼마일까요? 표의 식을
# 써 보세요(⌈x⌉는 x를 올림한 수예요).

# %% answer
### BEGIN SOLUTION
answer = 15    # √(8 × 20 − 4) = √156 ≈ 12.5, 올림하면 13, 더하기 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(20, answer)
### END HIDDEN TESTS
check_fewest_ring(20, answer)

# %% [markdown]
# **이 생각을 연습하는 퍼즐: *모양 두 개면 돼요***
# (`puzzles/1-beginner/24-two-shapes-will-do.toml`). 삼엽충의 고리는 8칸이에요. 모양이
# 적어도 ⌈8/5⌉ = 2개 필요하고, L 두 개면 돼요. 고리에 세 번째 모양을 그리면 주사위 굴림
# 하나를 더 써요. 8강의 퍼즐 위젯으로 해 보세요: `PuzzleWidget("../puzzles/1-beginner/24-two-shapes-will-do.toml")`.

# %% [markdown]
# ## 상급 학생을 위해
# - 변으로 잰 둘레에도 최솟값이 있어요: *n*칸짜리 모양의 둘레는 적어도 2⌈2√n⌉이에요
#   (Harary와 Harborth, 1976). 정사각형과 정사각형에 가까운 모양이 거기에 닿아요. 고리의
#   최솟값 ⌈√(8n − 4)⌉ + 2 (N. Sieben, 2008)에는 마름모가 닿아요: 마름모의 비스듬한
#   변을 따라 모든 고리 칸이 안쪽 모서리에 있어서 마름모의 칸 두 개에 닿아요(13칸짜리
#   마름모: 둘레 20, 고리 12).
# - 위처럼 2n + 2의 한계를 수학적 귀납법으로 증명해 보세요. 그다음 일자 모양만 거기에
#   닿는다는 걸 보여요(위의 표는 n마다 딱 한 모양을 찾아요): 한 번 굽으면 얼마를 잃을까요?
# - `fewest_shapes`는 정확한 탐색(반복 깊이 증가)이에요: 모양 1개, 2개, 3개 ...를 해 보고
#   처음으로 되는 수에서 멈춰요. 남은 칸이 남은 모양으로 덮을 수 있는 것보다 많은 가지는
#   모두 잘라요.

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson05 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [10, 8, 11]    # 16 - 2 x 3; 안쪽 모서리에 고리 칸 두 개; √(8 x 9 - 4) = √68 ≈ 8.2, 올림 9, + 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
