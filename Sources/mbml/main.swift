import MBMLEngine
print("mbml")
